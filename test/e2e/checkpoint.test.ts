import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { parseCrawlLog } from '../support/crawl-job.js';
import { BIN, runCli } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

const PAGES = 200;
const ALL = ['/', ...Array.from({ length: PAGES }, (_, i) => `/p${i}`)];

function okPaths(runDir: string): string[] {
  return parseCrawlLog(readFileSync(join(runDir, 'logs', 'crawl.log'), 'utf8'))
    .filter((e) => e.status === 200).map((e) => new URL(e.uri).pathname).sort();
}

describe('beancrawl checkpoint and launch --checkpoint (the binary)', function () {
  this.timeout(120_000);

  it('writes a complete checkpoint from a running crawl, and starts from it twice with the same result', async () => {
    const routes: Record<string, Route> = { '/robots.txt': { status: 404 }, '/': { body: page('home', ALL.slice(1)) } };
    for (let i = 0; i < PAGES; i++) routes[`/p${i}`] = { body: page(`p${i}`), delayMs: 15 };
    const site = await SiteServer.start(routes);
    const work = await tempDir();
    let crawl: ReturnType<typeof spawn> | undefined;
    try {
      const job = join(work.dir, 'job');
      await runCli(['create', job, '--profile', 'default', '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      const fast = ['disposition.delayFactor=0', 'disposition.minDelayMs=0', 'disposition.maxDelayMs=0', 'crawlController.maxToeThreads=2'].flatMap((s) => ['--set', s]);
      crawl = spawn(process.execPath, [BIN, 'launch', job, ...fast], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      crawl.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => crawl!.on('close', resolve));
      await until(() => site.requests.length >= 40, 'forty requests');

      const taken = await runCli(['checkpoint', job]);
      expect(taken.code, taken.stderr).to.equal(0);
      const folder = /^checkpoint: (.+)$/m.exec(taken.stdout)![1];
      expect(folder).to.match(/checkpoints\/cp00001-\d{14}$/);
      const stamp = JSON.parse(readFileSync(join(folder, 'checkpoint.json'), 'utf8')) as { name: string; valid: boolean; entries: number };
      expect(stamp.valid).to.equal(true);
      expect(stamp.entries).to.be.above(0);
      expect(existsSync(join(folder, 'crawler-beans.xml'))).to.equal(true);
      // The resolved beans it ran with, --set values included.
      const resolved = JSON.parse(readFileSync(join(folder, 'resolved-beans.json'), 'utf8')) as { beans: Array<{ id: string; values: Record<string, { value: unknown; from: string }> }> };
      const controller = resolved.beans.find((b) => b.id === 'crawlController')!;
      expect(controller.values.maxToeThreads.value).to.equal(2);
      expect(controller.values.maxToeThreads.from).to.match(/^--set /);
      expect(existsSync(join(folder, 'state', 'CURRENT'))).to.equal(true);

      expect(await exited, stderr).to.equal(0);
      crawl = undefined;
      const firstRun = realpathSync(join(job, 'latest'));
      expect(okPaths(firstRun)).to.deep.equal(ALL.slice().sort());

      // Twice from the same checkpoint: each run does what was left at the checkpoint, the same both times.
      const runs: string[][] = [];
      for (const name of ['latest', stamp.name]) {
        const from = await runCli(['launch', job, '--checkpoint', name, ...fast]);
        expect(from.code, from.stderr).to.equal(0);
        expect(from.stderr).to.contain(`starting from checkpoint ${stamp.name}`);
        expect(from.stdout).to.match(/^FINISHED: /);
        const run = join(job, 'latest');
        runs.push(okPaths(run));
        // The reports count the work done before the checkpoint too.
        const report = readFileSync(join(run, 'reports', 'crawl-report.txt'), 'utf8');
        expect(Number(/URI successes: (\d+)/.exec(report)![1])).to.be.above(runs.at(-1)!.length);
      }
      expect(runs[0].length).to.be.above(0).and.below(ALL.length);
      expect(runs[1]).to.deep.equal(runs[0]);
      // What was done before the checkpoint and what was done after it make the whole site.
      const before = okPaths(firstRun).filter((p) => !runs[0].includes(p));
      expect([...before, ...runs[0]].sort()).to.deep.equal(ALL.slice().sort());

      const unknown = await runCli(['launch', job, '--checkpoint', 'cp99999-20200101000000']);
      expect(unknown.code, unknown.stderr).to.equal(1);
      expect(unknown.stderr).to.contain('error BC_CHECKPOINT_UNKNOWN');
      expect(unknown.stderr).to.contain(stamp.name);
    } finally {
      if (crawl && crawl.exitCode === null) crawl.kill('SIGKILL');
      await site.close();
      await work.cleanup();
    }
  });
});
