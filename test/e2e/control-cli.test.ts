import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BIN, runCli } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

describe('beancrawl status, pause, unpause and terminate (the binary)', function () {
  this.timeout(60000);

  it('controls a running crawl from another process', async () => {
    const routes: Record<string, Route> = { '/robots.txt': { status: 404 }, '/': { body: page('home', Array.from({ length: 40 }, (_, i) => `/p${i}`)) } };
    for (let i = 0; i < 40; i++) routes[`/p${i}`] = { body: page(`p${i}`) };
    const site = await SiteServer.start(routes);
    const work = await tempDir();
    let crawlProcess: ReturnType<typeof spawn> | undefined;
    try {
      const job = join(work.dir, 'job');
      await runCli(['create', job, '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      expect((await runCli(['status', job])).stderr).to.contain('error BC_JOB_NOT_RUNNING');

      const crawl = (crawlProcess = spawn(process.execPath, [BIN, 'launch', job, '--set', 'disposition.minDelayMs=100', '--set', 'disposition.maxDelayMs=100'], { stdio: ['ignore', 'pipe', 'pipe'] }));
      let stdout = '';
      crawl.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      const exited = new Promise<number | null>((resolve) => crawl.on('close', resolve));
      while (site.requests.length < 4) await new Promise((r) => setTimeout(r, 50));

      const status = await runCli(['status', job]);
      expect(status.code, status.stderr).to.equal(0);
      expect(status.stdout).to.match(/^state: RUNNING/);
      const lines = status.stdout.trim().split('\n');
      expect(lines[1]).to.match(/^elapsed: \d+ s; documents: \d+ \([\d.]+\/s\); [\d.]+ MiB$/);
      expect(status.stdout).to.match(/\nURIs: \d+ discovered, \d+ queued, [01] in process, \d+ succeeded, 0 failed, 0 disregarded\n/);
      expect(status.stdout).to.match(/\nqueues: 1 \(\d ready, \d resting, 0 retired\); busy workers: \d+/);
      // A second later, the recent rate has a window to speak of.
      await new Promise((r) => setTimeout(r, 1100));
      expect((await runCli(['status', job])).stdout).to.match(/\nrate over the last \d+ s: [\d.]+ documents\/s, [\d.]+ KiB\/s\n/);

      const again = await runCli(['launch', job]);
      expect(again.code).to.equal(1);
      expect(again.stderr).to.contain('error BC_JOB_RUNNING');

      expect((await runCli(['pause', job])).stdout).to.match(/^state: PAUSED/);
      await new Promise((r) => setTimeout(r, 300));
      const whilePaused = site.requests.length;
      await new Promise((r) => setTimeout(r, 500));
      expect(site.requests.length).to.equal(whilePaused);

      expect((await runCli(['unpause', job])).stdout).to.match(/^state: RUNNING/);
      while (site.requests.length <= whilePaused) await new Promise((r) => setTimeout(r, 50));

      expect((await runCli(['terminate', job])).code).to.equal(0);
      expect(await exited).to.equal(0);
      expect(stdout).to.match(/^ABORTED: /);
      expect(site.requests.length).to.be.below(42);

      // terminate ends the run for good: the next launch is a new run from the seeds, not a resumed one.
      const before = site.requests.length;
      const next = await runCli(['launch', job, '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=0']);
      expect(next.code, next.stderr).to.equal(0);
      expect(next.stderr).to.not.contain('resuming');
      expect(next.stdout).to.match(/^FINISHED: /);
      expect(site.requests.slice(before).map((r) => r.path).filter((p) => p !== '/robots.txt').sort()).to.deep.equal(['/', ...Array.from({ length: 40 }, (_, i) => `/p${i}`)].sort());
    } finally {
      if (crawlProcess && crawlProcess.exitCode === null) crawlProcess.kill('SIGKILL'); // a failed assertion must not leave it running
      await site.close();
      await work.cleanup();
    }
  });
});
