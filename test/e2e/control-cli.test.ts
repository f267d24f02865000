import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ResponseGate } from '../support/response-gate.js';
import { BIN, runCli } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

/** The numbers of a `beancrawl status` output that the test waits on. */
function counts(status: string): { succeeded: number; busy: number; resting: number } {
  const number = (re: RegExp) => Number(re.exec(status)?.[1] ?? NaN);
  return { succeeded: number(/ (\d+) succeeded/), busy: number(/busy workers: (\d+)/), resting: number(/ (\d+) resting/) };
}

describe('beancrawl status, pause, unpause and terminate (the binary)', function () {
  this.timeout(60000);

  it('controls a running crawl from another process', async () => {
    // The pages after the home page are answered only when the test lets them: the crawl is where
    // the test wants it, and cannot end before the test is done with it, however loaded the machine.
    const gate = new ResponseGate();
    const routes: Record<string, Route> = { '/robots.txt': { status: 404 }, '/': { body: page('home', Array.from({ length: 40 }, (_, i) => `/p${i}`)) } };
    for (let i = 0; i < 40; i++) routes[`/p${i}`] = gate.route(page(`p${i}`));
    const site = await SiteServer.start(routes);
    const work = await tempDir();
    let crawlProcess: ReturnType<typeof spawn> | undefined;
    try {
      const job = join(work.dir, 'job');
      const created = await runCli(['create', job, '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      expect(created.code, created.stderr).to.equal(0);
      // Not running: status says so (never launched); the other commands have nothing to talk to.
      const idle = await runCli(['status', job]);
      expect(idle.code, idle.stderr).to.equal(0);
      expect(idle.stdout).to.match(/^state: NEW \(never launched\)/);
      expect((await runCli(['pause', job])).stderr).to.contain('error BC_JOB_NOT_RUNNING');

      // A held answer is silence to the fetcher: a loaded machine must not make it a timeout.
      const sets = ['disposition.minDelayMs=100', 'disposition.maxDelayMs=100', 'fetchHttp.soTimeoutMs=120000'].flatMap((s) => ['--set', s]);
      const crawl = (crawlProcess = spawn(process.execPath, [BIN, 'launch', job, ...sets], { stdio: ['ignore', 'pipe', 'pipe'] }));
      let stdout = '';
      let stderr = '';
      crawl.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      crawl.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => crawl.on('close', resolve));
      const crawlOutput = () => `\n--- the crawl's stdout:\n${stdout}\n--- the crawl's stderr:\n${stderr}`;
      /** Waits for `condition` while the crawl runs; a crawl that exits first fails the test with its output. */
      const whileRunning = async (condition: () => boolean | Promise<boolean>, what: string) => {
        await until(async () => crawl.exitCode !== null || (await condition()), what);
        expect(crawl.exitCode, `the crawl exited while the test waited for ${what}${crawlOutput()}`).to.equal(null);
      };
      const control = async (command: string) => {
        const r = await runCli([command, job]);
        expect(r.code, `beancrawl ${command}: ${r.stderr}${crawlOutput()}`).to.equal(0);
        return r.stdout;
      };

      await whileRunning(() => gate.held === 1, 'the first page to be asked for');
      const running = await control('status');
      expect(running).to.match(/^state: RUNNING/);
      const lines = running.trim().split('\n');
      expect(lines[1]).to.match(/^elapsed: \d+ s; documents: \d+ \([\d.]+\/s\); [\d.]+ MiB$/);
      expect(running).to.match(/\nURIs: \d+ discovered, \d+ queued, 1 in process, \d+ succeeded, 0 failed, 0 disregarded\n/);
      expect(running).to.match(/\nqueues: 1 \(0 ready, 0 resting, 0 retired\); busy workers: 1/);
      // The recent rate shows once the crawl has run a second.
      let status = '';
      await whileRunning(async () => /\nrate over the last/.test((status = await control('status'))), 'status to show the recent rate');
      expect(status).to.match(/\nrate over the last \d+ s: [\d.]+ documents\/s, [\d.]+ KiB\/s\n/);

      const again = await runCli(['launch', job]);
      expect(again.code, again.stderr).to.equal(1);
      expect(again.stderr).to.contain('error BC_JOB_RUNNING');

      // Paused, the crawl finishes the fetch in flight and takes no other: once no worker is busy
      // and no queue rests, a worker that the pause did not hold would be fetching.
      // Paused with a fetch in flight: PAUSING until it finishes, then PAUSED (Heritrix's states).
      expect(await control('pause')).to.match(/^state: PAUSING/);
      const { succeeded } = counts(status);
      gate.releaseOne();
      const requests = site.requests.length;
      await whileRunning(async () => {
        const c = counts((status = await control('status')));
        return c.succeeded > succeeded && c.busy === 0 && c.resting === 0;
      }, 'the fetch in flight to finish, and its queue to rest');
      expect(status).to.match(/^state: PAUSED/);
      expect(status, 'why it is paused').to.contain('\npaused for: the operator (unpause goes on)\n');
      expect(site.requests.length).to.equal(requests);
      expect(gate.held).to.equal(0);

      const unpaused = await control('unpause');
      expect(unpaused).to.match(/^state: RUNNING/);
      expect(unpaused).to.not.contain('paused for');
      await whileRunning(() => gate.held === 1, 'a page to be asked for after unpause');

      // terminate lets the fetch in flight finish, then the crawl ends.
      // Said as it is: the crawl stops, and its run ends ABORTED, not to be resumed.
      expect(await control('terminate')).to.match(/^state: STOPPING \(after terminate\) \(the run ends ABORTED, exit code 5, once the URIs in flight finish; the next launch starts a new run\)\n/);
      gate.open();
      expect(await exited, crawlOutput()).to.equal(5); // ended by terminate
      expect(stdout).to.match(/^ABORTED: .*\nnot finished: ended by the operator \(terminate\); the next launch starts a new run\n/);
      expect(await control('status')).to.match(/^state: FINISHED \(not running; last run runs\/\d+ ended \S+ with ABORTED, exit code 5\)\n/);
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
