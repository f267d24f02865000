import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import { parseCrawlLog } from '../support/crawl-job.js';
import { BIN, runCli } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

const FAST = ['--set', 'disposition.delayFactor=0', '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=0'];

/**
 * 200,000 nested divs, then an inline script whose one line of 1.5 MB is 500,000 slashes that each
 * look like the start of an unclosed regular expression: quadratic to scan, so with
 * extractJavascript on, this page is parsed until its time budget (4 s here) runs out.
 */
const DEEP = '<html><body><a href="/before-deep">b</a>' + '<div>'.repeat(200_000) + '<script>x' + '=/['.repeat(500_000) + '</script><a ' +
  'href="/after-deep">a</a>';
/** 100,000 unclosed tables with a row and a cell each, then a link. */
const TABLES = '<html><body>' + '<table><tr><td>'.repeat(100_000) + '<a href="/after-tables">a</a>';
const NORMAL = Array.from({ length: 10 }, (_, i) => `/p${i}`);

describe('a hostile page under the real binary: signals answered while it is parsed, the crawl resumable', function () {
  this.timeout(120_000);

  it('SIGTERM while a page of 200,000 nested elements is parsed: the process says it stops, exits 4 INTERRUPTED, and the next launch finishes the ' +
    'crawl', async () => {
    let deepSent = false;
    /** The hostile page's route: notes when the whole page has been sent, so the crawler is reading it. */
    const deep: Route = (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.on('finish', () => (deepSent = true));
      res.end(DEEP);
    };
    const routes: Record<string, Route> = {
      '/robots.txt': { status: 404 },
      '/': { body: page('home', ['/tables.html', '/deep.html', ...NORMAL]) },
      '/tables.html': { body: TABLES },
      '/deep.html': deep,
      '/after-deep': { body: page('after deep') },
      '/before-deep': { body: page('before deep') },
      '/after-tables': { body: page('after tables') },
    };
    for (const p of NORMAL) routes[p] = { body: page(p) };
    const site = await SiteServer.start(routes);
    const work = await tempDir();
    let child: ReturnType<typeof spawn> | undefined;
    try {
      const job = join(work.dir, 'job');
      const created = await runCli(['create', job, '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      expect(created.code, created.stderr).to.equal(0);
      const budget = ['--set', 'extractorHtml.extractJavascript=true', '--set', 'extractorHtml.maxParseTimeMs=4000', '--set', 'crawlController.maxToeThreads=2'];
      const crawl = spawn(process.execPath, [BIN, 'launch', job, ...FAST, ...budget], { stdio: ['ignore', 'pipe', 'pipe'] });
      child = crawl;
      let stdout = '';
      let stderr = '';
      crawl.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      crawl.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => crawl.on('close', resolve));

      await until(() => deepSent, 'the server to have sent the hostile page', { timeoutMs: 60_000 });
      // The page is in flight: its parse takes its whole budget (4 s of parsing). The signal is answered meanwhile,
      // so long before the process ends (were the event loop blocked, the answer would come only once the parse ended).
      crawl.kill('SIGTERM');
      const signalled = Date.now();
      await until(() => stderr.includes('stopping: finishing the URIs in flight'), 'the crawl to say it stops', { timeoutMs: 20_000 });
      const answered = Date.now();
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([exited, new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), 20_000)))]);
      clearTimeout(timer);
      const timing = `answered ${answered - signalled} ms after SIGTERM, exited ${Date.now() - signalled} ms after it`;
      expect(code, `${timing}; stderr:\n${stderr}`).to.equal(4); // interrupted: the next launch resumes
      expect(Date.now() - answered, `the signal answered while the page was parsed: ${timing}`).to.be.above(2000);
      expect(stdout).to.match(/^INTERRUPTED: /);

      // The next launch resumes and finishes: every page fetched once over the two runs, the hostile one cut and annotated.
      const first = realpathSync(join(job, 'latest'));
      const resumed = await runCli(['launch', job, ...FAST, ...budget], { timeoutMs: 60_000 });
      expect(resumed.code, resumed.stderr).to.equal(0);
      expect(resumed.stderr).to.contain(`resuming the unfinished run ${relative(job, first)}`);
      expect(resumed.stdout).to.match(/^FINISHED: /);
      const log = [first, join(job, 'latest')].flatMap((r) => parseCrawlLog(readFileSync(join(r, 'logs', 'crawl.log'), 'utf8')));
      const ok = log.filter((e) => e.status === 200).map((e) => new URL(e.uri).pathname).sort();
      expect(ok).to.deep.equal(['/', '/after-tables', '/before-deep', '/deep.html', '/tables.html', ...NORMAL].sort());
      const deepLine = log.find((e) => e.uri.endsWith('/deep.html'));
      expect(deepLine?.annotations, 'the hostile page, cut by its budget').to.include('extractTimeTrunc');
      expect(log.find((e) => e.uri.endsWith('/tables.html'))?.annotations ?? '', 'the tables page, read whole').to.not.include('extractTimeTrunc');
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); // a failed assertion must not leave it running
      await site.close();
      await work.cleanup();
    }
  });
});
