import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromiumProcesses } from '../support/chromium-processes.js';
import { parseCrawlLog, type CrawlLogEntry } from '../support/crawl-job.js';
import { requireServer } from '../support/require-server.js';
import { BIN, runCli } from '../support/run-cli.js';
import { SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';
import { field, readWarcFile } from '../support/warc-reader.js';

const FAST = ['--set', 'disposition.minDelayMs=0', '--set', 'disposition.delayFactor=0', '--set', 'disposition.maxDelayMs=0'];
const html = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;

/** Every run folder's crawl.log lines and WARC response records' target URIs. */
async function runsSeen(job: string): Promise<{ log: CrawlLogEntry[]; responses: string[]; files: string[] }> {
  const log: CrawlLogEntry[] = [];
  const responses: string[] = [];
  const files: string[] = [];
  for (const run of await readdir(join(job, 'runs'))) {
    const dir = join(job, 'runs', run);
    log.push(...parseCrawlLog(await readFile(join(dir, 'logs', 'crawl.log'), 'utf8').catch(() => '')));
    for (const f of (await readdir(dir, { recursive: true })).filter((e) => e.endsWith('.warc.gz') && !e.startsWith('continues'))) {
      const records = (await readWarcFile(join(dir, f))).filter((r) => field(r, 'WARC-Type') === 'response');
      responses.push(...records.map((r) => field(r, 'WARC-Target-URI')!));
      files.push(...records.map((r) => `${run}/${f} ${field(r, 'WARC-Target-URI')} ${field(r, 'WARC-Date')}`));
    }
  }
  return { log, responses, files };
}

describe('a rendering crawl killed while a page renders (the binary)', function () {
  this.timeout(150_000);

  before(function () {
    requireServer(this, 'chromium');
  });

  it('loses nothing its requests had fetched, and records nothing twice, when resumed', async () => {
    let pageServed = 0;
    const hung: Array<() => void> = [];
    const routes: Record<string, Route> = {
      '/robots.txt': { status: 404 },
      // /p first: /q, which links to /sub, has its turn once /p is done.
      '/': { body: html('<a href="/p">p</a> <a href="/q">q</a>') },
      // Its first rendering fetches /sub, then hangs on /hang (the kill comes then); redone, it asks for nothing.
      '/p': (_req, res) => {
        const first = pageServed++ === 0;
        const asks = '<script>fetch("/s" + "ub").then(function () { return fetch("/ha" + "ng"); });</script>';
        res.writeHead(200, { 'content-type': 'text/html' }).end(html(first ? asks : 'again'));
      },
      // Slow enough that a commit comes between the request's start and the kill.
      '/sub': { headers: { 'content-type': 'text/plain' }, body: 'sub', delayMs: 300 },
      '/hang': (_req, res) => {
        hung.push(() => res.destroy());
      },
      '/q': { body: html('<a href="/sub">sub</a>') },
    };
    const site = await SiteServer.start(routes);
    const work = await tempDir();
    try {
      const job = join(work.dir, 'job');
      const created = await runCli(['create', job, '--profile', 'javascript-site', '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      expect(created.code, created.stderr).to.equal(0);
      const child = spawn(process.execPath, [BIN, 'launch', job, ...FAST], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const exited = new Promise((resolve) => child.on('close', resolve));
      try {
        await until(() => site.paths().includes('/hang'), 'the page\'s hanging request', { timeoutMs: 60_000 }).catch((e: Error) => {
          throw new Error(`${e.message} (server saw ${site.paths().join(' ')}; stderr ${stderr})`);
        });
      } finally {
        // The browser too: killed with the crawl, as a machine losing power would.
        const browser = await chromiumProcesses(child.pid!);
        child.kill('SIGKILL');
        for (const p of browser) {
          try {
            process.kill(p.pid, 'SIGKILL');
          } catch {
            // Gone with its parent.
          }
        }
        await exited;
      }
      for (const end of hung) end();
      const resumed = await runCli(['launch', job, ...FAST], { timeoutMs: 100_000 });
      expect(resumed.code, resumed.stderr).to.equal(0);
      const { log, responses, files } = await runsSeen(job);
      const lines = `${log.map((e) => e.line).join('\n')}\nresponse records:\n${files.join('\n')}`;
      const sub = `${site.origin}/sub`;
      expect(log.filter((e) => e.uri === sub).map((e) => e.status), `/sub in crawl.log once over both runs\n${lines}`).to.deep.equal([200]);
      expect(responses.filter((u) => u === sub), `/sub's response records over both runs\n${lines}`).to.have.length(1);
      for (const page of ['/', '/p', '/q']) {
        expect(log.filter((e) => e.uri === `${site.origin}${page}` && e.status === 200), `${page} in crawl.log once\n${lines}`).to.have.length(1);
        expect(responses.filter((u) => u === `${site.origin}${page}`), `${page}'s response records\n${lines}`).to.have.length(1);
      }
    } finally {
      await site.close();
      await work.cleanup();
    }
  });
});
