import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ResponseGate } from '../support/response-gate.js';
import { BIN, runCli } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

describe('a job folder deleted while its crawl runs (the binary)', function () {
  this.timeout(90_000);

  it('stops within seconds with BC_JOB_FOLDER_GONE on stderr and exit code 1, and makes no folder again', async () => {
    // The pages after the home page are answered when the test lets them: one is in flight when
    // the folder goes, and is written (to the mirror, the WARC, crawl.log) after it went.
    const gate = new ResponseGate();
    const routes: Record<string, Route> = { '/robots.txt': { status: 404 }, '/': { body: page('home', Array.from({ length: 100 }, (_, i) => `/p${i}`)) } };
    for (let i = 0; i < 100; i++) routes[`/p${i}`] = gate.route(page(`p${i}`));
    const site = await SiteServer.start(routes);
    const work = await tempDir();
    let crawl: ReturnType<typeof spawn> | undefined;
    try {
      const job = join(work.dir, 'job');
      const created = await runCli(['create', job, '--profile', 'site-mirror', '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      expect(created.code, created.stderr).to.equal(0);
      // A page each 250 ms: the crawl would take 25 s more; it must stop well before.
      const sets = ['disposition.minDelayMs=250', 'disposition.maxDelayMs=250', 'disposition.delayFactor=0', 'fetchHttp.soTimeoutMs=120000'].flatMap((s) => ['--set', s]);
      crawl = spawn(process.execPath, [BIN, 'launch', job, ...sets], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      crawl.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      crawl.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => crawl!.on('close', resolve));
      const output = () => `\n--- the crawl's stdout:\n${stdout}\n--- its stderr:\n${stderr}`;

      // Running: the home page is in crawl.log (and the mirror), a page after it waits for its answer.
      const crawlLog = join(job, 'latest', 'logs', 'crawl.log');
      await until(async () => crawl!.exitCode !== null || (gate.held > 0 && /\s200\s/.test(await readFile(crawlLog, 'utf8').catch(() => ''))), 'the home page in crawl.log and a page in flight', { timeoutMs: 60_000 });
      expect(crawl.exitCode, `the crawl ended before the test deleted its folder${output()}`).to.equal(null);
      expect(existsSync(join(job, 'mirror')), 'the mirror was written').to.equal(true);

      await rm(job, { recursive: true, force: true });
      const goneAt = Date.now();
      // The pages in flight come back and are written, the first of them before the loss is noticed.
      gate.open();
      const code = await Promise.race([exited, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 15_000).unref())]);
      expect(code, `the crawl did not stop within 15 s of its folder's deletion${output()}`).not.to.equal('late');
      expect(code, output()).to.equal(1);
      expect(Date.now() - goneAt, output()).to.be.below(15_000);
      expect(stderr, output()).to.contain(`alert: ${job}: the job folder was deleted while the crawl ran`);
      expect(stderr, output()).to.match(new RegExp(`^${job.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: error BC_JOB_FOLDER_GONE: the job folder was ` +
        `deleted while the crawl ran`, 'm'));
      expect(stderr, output()).not.to.contain('BC_STOP_FAILED');
      expect(stderr, output()).not.to.match(/\n\s+at /);
      expect(existsSync(job), `the job folder was made again${output()}`).to.equal(false);
    } finally {
      if (crawl && crawl.exitCode === null) crawl.kill('SIGKILL');
      await site.close();
      await work.cleanup();
    }
  });
});
