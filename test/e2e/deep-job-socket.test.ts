import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { MAX_SOCKET_PATH_BYTES } from '../../src/job/socket-address.js';
import { ResponseGate } from '../support/response-gate.js';
import { BIN, REPO_ROOT, runCli } from '../support/run-cli.js';
import { page, SiteServer } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

/** Every Unix socket under a folder, wherever it lies. */
async function socketsUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    const stats = await lstat(path);
    if (stats.isSocket()) found.push(path);
    else if (stats.isDirectory()) found.push(...(await socketsUnder(path)));
  }
  return found;
}

describe('a job folder deeper than a Unix socket address holds (the binary)', function () {
  this.timeout(60000);

  it('keeps its control socket inside the job, answers through it, and removes it at the end', async () => {
    const gate = new ResponseGate();
    const site = await SiteServer.start({ '/robots.txt': { status: 404 }, '/': { body: page('home', ['/held']) }, '/held': gate.route(page('held')) });
    const work = await tempDir();
    let crawlProcess: ReturnType<typeof spawn> | undefined;
    try {
      let job = work.dir;
      for (let i = 0; job.length < 260; i++) job = join(job, `a-folder-with-a-long-name-${i}`);
      job = join(job, 'job');
      const socket = join(job, '.beancrawl.sock');
      // Neither the path nor its form relative to where the commands run fits: the case that went wrong.
      expect(Buffer.byteLength(socket)).to.be.greaterThan(MAX_SOCKET_PATH_BYTES);
      expect(Buffer.byteLength(relative(REPO_ROOT, socket))).to.be.greaterThan(MAX_SOCKET_PATH_BYTES);

      const created = await runCli(['create', job, '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      expect(created.code, created.stderr).to.equal(0);
      const crawl = (crawlProcess = spawn(process.execPath, [BIN, 'launch', job, '--set', 'fetchHttp.soTimeoutMs=120000'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] }));
      let output = '';
      crawl.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
      crawl.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
      const exited = new Promise<number | null>((resolve) => crawl.on('close', resolve));

      // The held page keeps the crawl running while the test looks at it.
      await until(() => crawl.exitCode !== null || gate.held === 1, 'the held page to be asked for');
      expect(crawl.exitCode, `the crawl ended early:\n${output}`).to.equal(null);
      expect(await socketsUnder(work.dir), 'the one socket, in the job folder').to.deep.equal([socket]);
      const status = await runCli(['status', job]);
      expect(status.code, status.stderr).to.equal(0);
      expect(status.stdout).to.match(/^state: RUNNING/);

      const terminated = await runCli(['terminate', job]);
      expect(terminated.code, terminated.stderr).to.equal(0);
      gate.open();
      expect(await exited, output).to.equal(5); // ended by terminate
      expect(existsSync(socket), 'the socket is removed when the crawl ends').to.equal(false);
      expect(await socketsUnder(work.dir), 'no socket left anywhere under the temporary folder').to.deep.equal([]);
    } finally {
      if (crawlProcess && crawlProcess.exitCode === null) crawlProcess.kill('SIGKILL'); // a failed assertion must not leave it running
      await site.close();
      await work.cleanup();
    }
  });
});
