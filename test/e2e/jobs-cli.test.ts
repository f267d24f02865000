import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../support/run-cli.js';
import { page, SiteServer } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

const FAST = ['--set', 'disposition.delayFactor=0', '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=0'];

describe('beancrawl jobs and status of a job not running (the binary)', function () {
  this.timeout(60000);

  it('lists each job with its state, last run, exit status and counts; status --json prints the same job object', async () => {
    const site = await SiteServer.start({ '/robots.txt': { status: 404 }, '/': { body: page('home', ['/a']) }, '/a': { body: page('a') } });
    const work = await tempDir();
    try {
      const cwd = join(work.dir, 'here');
      await mkdir(cwd);
      const empty = await runCli(['jobs'], { cwd });
      expect(empty.code, empty.stderr).to.equal(0);
      expect(empty.stdout).to.contain('no jobs in jobs');

      const crawled = await runCli(['crawl', `${site.origin}/`, '--contact', 'https://example.org/contact', ...FAST], { cwd, timeoutMs: 30000 });
      expect(crawled.code, crawled.stderr).to.equal(0);
      await runCli(['create', join(cwd, 'jobs', 'fresh'), '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact'], { cwd });

      const listed = await runCli(['jobs', '--json'], { cwd });
      expect(listed.code, listed.stderr).to.equal(0);
      const jobs = JSON.parse(listed.stdout) as Array<{ name: string; state: string; running: boolean; availableActions: string[]; lastRun?: { exitStatus: string; exitCode: number }; counts?: { downloaded: number; queued: number } }>;
      const name = new URL(site.origin).host.replace(':', '_');
      expect(jobs.map((j) => j.name)).to.deep.equal([name, 'fresh']);
      const [done, fresh] = jobs;
      expect(fresh).to.include({ state: 'NEW', running: false });
      expect(done).to.include({ state: 'FINISHED', running: false });
      expect(done.availableActions).to.deep.equal(['launch']);
      expect(done.lastRun).to.include({ exitStatus: 'FINISHED', exitCode: 0 });
      // dns:, /robots.txt (a 404 is downloaded), / and /a.
      expect(done.counts).to.include({ downloaded: 4, queued: 0 });

      const table = await runCli(['jobs'], { cwd });
      expect(table.stdout.split('\n')[0]).to.match(/^JOB\s+STATE\s+LAST RUN\s+EXIT/);
      expect(table.stdout).to.match(new RegExp(`^${name.replace(/\./g, '\\.')}\\s+FINISHED\\s+\\S+\\s+FINISHED \\(0\\)\\s+4\\s+0\\s+0`, 'm'));

      const status = await runCli(['status', join('jobs', name)], { cwd });
      expect(status.code, status.stderr).to.equal(0);
      expect(status.stdout).to.match(/^state: FINISHED \(not running; last run runs\/\d{17} ended \S+ with FINISHED, exit code 0\)/);
      const json = await runCli(['status', join('jobs', name), '--json'], { cwd });
      expect(JSON.parse(json.stdout)).to.deep.equal(done);
    } finally {
      await site.close();
      await work.cleanup();
    }
  });
});
