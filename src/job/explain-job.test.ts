import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { controlSocketPath } from './control-socket.js';
import { createJob } from './create-job.js';
import { explainJob } from './explain-job.js';

/** explainJob's error, or a failure when it answered. */
async function refusal(job: string, urls: readonly string[]): Promise<BeancrawlError> {
  const e = await explainJob(job, urls).then(() => undefined, (err: unknown) => err);
  expect(e).to.be.instanceOf(BeancrawlError);
  return e as BeancrawlError;
}

describe(explainJob.name, function () {
  this.timeout(20_000);

  it('asks the crawl that answers on the job\'s socket, and says so when it refuses (a crawl of an older beancrawl)', async () => {
    const work = await tempDir();
    const job = join(work.dir, 'job');
    await createJob(job, { profile: 'default', seeds: ['http://www.example.org/'], contact: 'https://example.org/contact' });
    const asked: unknown[] = [];
    const server = createServer((socket) => {
      socket.setEncoding('utf8').once('data', (d: string) => {
        asked.push(JSON.parse(d));
        socket.end(`${JSON.stringify({ ok: false, error: 'unknown command explain' })}\n`);
      });
    });
    await new Promise<void>((resolve) => server.listen(controlSocketPath(job), resolve));
    try {
      const e = await refusal(job, ['http://www.example.org/a']);
      expect(e.diagnostics[0]).to.include({ code: 'BC_JOB_RUNNING' });
      expect(e.diagnostics[0].message).to.equal('this job\'s crawl runs (its control socket answers) but did not explain: unknown command explain');
      expect(e.diagnostics[0].location).to.deep.equal({ file: join(job, 'crawler-beans.xml') });
      expect(asked).to.deep.equal([{ command: 'explain', args: { urls: ['http://www.example.org/a'] } }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await work.cleanup();
    }
  });

  it('explains from the configuration when the job\'s socket is one a dead crawl left', async () => {
    const work = await tempDir();
    const job = join(work.dir, 'job');
    await createJob(job, { profile: 'default', seeds: ['http://www.example.org/'], contact: 'https://example.org/contact' });
    // Not a socket that listens: connecting to it is refused.
    await writeFile(controlSocketPath(job), '');
    try {
      const [explained] = await explainJob(job, ['http://www.example.org/a']);
      expect(explained).to.include({ from: 'configuration', queueKey: 'org,example,www,' });
      expect(explained.decision?.decision).to.equal('ACCEPT');
    } finally {
      await work.cleanup();
    }
  });
});
