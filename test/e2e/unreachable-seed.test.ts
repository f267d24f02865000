import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JobStatus } from '../../src/wire/job-status.js';
import { freePort } from '../support/free-port.js';
import { BIN, runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

/** What the crawl of a port where nothing listens says, whatever the platform calls it. */
const REFUSED = 'no connection could be made: connection refused (ECONNREFUSED)';

/** A launch left running in the background, its output kept for the test's messages. */
function launchInBackground(args: readonly string[], cwd: string) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    child, exited,
    get stderr() { return stderr; },
    output: () => `\n--- stdout:\n${stdout}\n--- stderr:\n${stderr}`,
  };
}

describe('a seed that cannot be reached (the binary)', function () {
  this.timeout(180_000);
  let work: Awaited<ReturnType<typeof tempDir>>;

  beforeEach(async () => {
    work = await tempDir();
  });
  afterEach(async () => {
    await work.cleanup();
  });

  it('crawl URL of a port where nothing listens says why at once and ends by itself within two minutes, with exit 3 and the reason', async () => {
    const port = await freePort();
    const seed = `http://127.0.0.1:${port}/`;
    const job = join(work.dir, 'job');
    const started = Date.now();
    const r = await runCli(['crawl', seed, '--job', job, '--contact', 'https://example.org/contact'], { cwd: work.dir, timeoutMs: 120_000 });
    const took = Date.now() - started;
    const said = `\n--- stdout:\n${r.stdout}\n--- stderr:\n${r.stderr}`;
    expect(r.code, said).to.equal(3);
    expect(took, said).to.be.below(120_000);
    // The job says what it does instead of Heritrix's 30 retries 15 minutes apart, where it can be changed.
    const beans = readFileSync(join(job, 'crawler-beans.xml'), 'utf8');
    expect(beans).to.contain('frontier.retryDelaySeconds=5').and.contain('frontier.maxRetries=3');
    // At once: the host and why, in alerts.log and on the terminal; the live line names what it waits for.
    const alert = `host 127.0.0.1:${port}: ${REFUSED}, fetching http://127.0.0.1:${port}/robots.txt`;
    const alerts = readFileSync(join(job, 'latest', 'logs', 'alerts.log'), 'utf8');
    expect(alerts, said).to.contain(`WARNING ${alert}`);
    expect(r.stderr).to.contain(`WARNING: ${alert}`);
    // Each try of robots.txt, as Heritrix's nonfatal-errors.log has it: its crawl.log line, then why.
    const nonfatal = readFileSync(join(job, 'latest', 'logs', 'nonfatal-errors.log'), 'utf8').trim().split('\n');
    expect(nonfatal, said).to.have.length(4);
    for (const line of nonfatal) expect(line).to.match(new RegExp(`^\\S+ +-2 +- http://127\\.0\\.0\\.1:${port}/robots\\.txt P .* ` +
      `err:ECONNREFUSED.* ${REFUSED.replace(/[()]/g, '\\$&')}$`));
    // (Between robots.txt's last try and the seed's first the queue rests for politeness, as Heritrix's does: a
    // progress line may fall there, so "politeness delay" is looked for only after a resume, in the next test.)
    expect(r.stderr, said).to.match(new RegExp(`waiting: the one queue waits to retry a failed fetch; next: http://127\\.0\\.0\\.1:${port}/\\S* ` +
      `\\(.*ECONNREFUSED.*\\), try [2-4] of 4 at `));
    // The summary: the seed, why, and how many tries it had.
    expect(r.stdout, said).to.contain(`seed ${seed} not crawled: robots.txt could not be fetched: connection refused (ECONNREFUSED), after 4 tries`);
    expect(r.stderr).to.contain('not one seed could be crawled (exit code 3)');
  });

  it('status and status --json name the host that waits, why and which retry comes when, before and after a resume', async () => {
    const port = await freePort();
    const seed = `http://127.0.0.1:${port}/`;
    const job = join(work.dir, 'job');
    // Heritrix's policy, as create makes it: 30 retries, 15 minutes apart.
    const created = await runCli(['create', job, '--profile', 'default', '--seed', seed, '--contact', 'https://example.org/contact']);
    expect(created.code, created.stderr).to.equal(0);

    const statusJson = async (): Promise<JobStatus> => JSON.parse((await runCli(['status', job, '--json'])).stdout) as JobStatus;
    /** Waits until status --json shows the queue waiting to retry robots.txt, and checks what it says. */
    const waitsToRetry = async (crawl: ReturnType<typeof launchInBackground>): Promise<JobStatus> => {
      let status: JobStatus | undefined;
      await until(async () => crawl.child.exitCode !== null || (status = await statusJson()).retryWaits !== undefined,
        'status --json to show a queue waiting to retry', { timeoutMs: 60_000, everyMs: 200 });
      expect(crawl.child.exitCode, `the crawl ended${crawl.output()}`).to.equal(null);
      const [wait] = status!.retryWaits!;
      expect(wait, crawl.output()).to.include({ queue: `127.0.0.1#${port}`, uri: `http://127.0.0.1:${port}/robots.txt`, error: REFUSED, status: -2, nextTry: 2, maxTries: 31 });
      const at = Date.parse(wait.at);
      expect(at - Date.now()).to.be.above(600_000).and.at.most(900_000);
      expect(status!.queues).to.include({ retrying: 1 });
      return status!;
    };

    const first = launchInBackground(['launch', job], work.dir);
    try {
      const before = await waitsToRetry(first);
      const text = (await runCli(['status', job])).stdout;
      expect(text).to.contain(`retry: http://127.0.0.1:${port}/robots.txt (${REFUSED}); try 2 of 31 at `);
      // Ctrl-C: the next launch resumes, the wait with it.
      first.child.kill('SIGINT');
      expect(await first.exited, first.output()).to.equal(4);

      const second = launchInBackground(['launch', job], work.dir);
      try {
        const after = await waitsToRetry(second);
        expect(after.retryWaits![0].at, 'the resumed wait ends when the first one would have').to.equal(before.retryWaits![0].at);
        await until(() => second.child.exitCode !== null || /waiting: the one queue waits to retry a failed fetch; next: /.test(second.stderr),
          'the live line to say what the resumed crawl waits for', { timeoutMs: 30_000 });
        expect(second.stderr, second.output()).to.contain(`next: http://127.0.0.1:${port}/robots.txt (${REFUSED}), try 2 of 31 at `);
        expect(second.stderr).not.to.contain('politeness delay');
        second.child.kill('SIGINT');
        expect(await second.exited, second.output()).to.equal(4);
      } finally {
        second.child.kill('SIGKILL');
      }
    } finally {
      first.child.kill('SIGKILL');
    }
  });
});
