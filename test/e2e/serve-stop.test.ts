import { expect } from 'chai';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { EventReader, ServeProcess } from '../support/serve-process.js';
import { linkedSite } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

/** Generous for a loaded machine: the stop itself takes about a second. */
const EXIT_WITHIN_MS = 20_000;

/** A connection that asked for one thing with keep-alive, got its answer, and stays open, idle. */
async function keptAlive(serve: ServeProcess): Promise<Socket> {
  const { hostname, port } = new URL(serve.base);
  const socket = connect(Number(port), hostname);
  let answer = '';
  socket.setEncoding('utf8').on('data', (d: string) => (answer += d));
  socket.on('error', () => undefined);
  socket.write(`GET /api/v1/jobs HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${serve.token}\r\nConnection: keep-alive\r\n\r\n`);
  await until(() => /^HTTP\/1\.1 200/.test(answer) && answer.includes('\r\n\r\n'), `an answer on the kept-alive connection (so far: ` +
    `${JSON.stringify(answer)})`);
  return socket;
}

describe('beancrawl serve: SIGTERM (the real service, port 0)', function () {
  this.timeout(120_000);

  it('exits promptly, its crawl stopped to be resumed, though a client holds an event stream and another an idle keep-alive connection', async () => {
    const web = await linkedSite(60);
    const work = await tempDir();
    const serve = await ServeProcess.start(join(work.dir, 'jobs'));
    let events: EventReader | undefined;
    let socket: Socket | undefined;
    try {
      expect((await serve.api('POST', '/api/v1/jobs', { name: 'held', seeds: [`${web.origin}/`], contact: 'https://example.org/contact' })).status, serve.output()).to.equal(201);
      const slow = ['disposition.delayFactor=0', 'disposition.minDelayMs=150', 'disposition.maxDelayMs=150'];
      expect((await serve.api('POST', '/api/v1/jobs/held/actions/launch', { set: slow })).status, serve.output()).to.equal(202);
      events = new EventReader(serve, '/api/v1/jobs/held/events');
      await until(async () => ((await serve.api('GET', '/api/v1/jobs/held')).json.counts?.downloaded ?? 0) >= 2, 'two pages downloaded', { timeoutMs: 60_000 });
      await until(() => events!.of('stats').length > 0, 'a stats event on the stream');
      socket = await keptAlive(serve);

      const began = Date.now();
      serve.child.kill('SIGTERM');
      const exited = await Promise.race([serve.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), EXIT_WITHIN_MS))]);
      const took = Date.now() - began;
      expect(exited, `exit after SIGTERM within ${EXIT_WITHIN_MS} ms (took ${took} ms)${serve.output()}`).to.equal(0);
      expect(serve.stderr, serve.output()).not.to.include('still held open');
      // The stream was ended by the service (a stream broken off would reject).
      await events.done;

      // The crawl was stopped to be resumed, not killed: the next start takes it up again.
      const again = await ServeProcess.start(join(work.dir, 'jobs'));
      try {
        await until(async () => (await again.api('GET', '/api/v1/jobs/held')).json.running === true, `the crawl resumed by the next ` +
          `start${again.output()}`, { timeoutMs: 60_000 });
      } finally {
        expect(await again.stop(EXIT_WITHIN_MS), again.output()).to.equal(0);
      }
    } finally {
      socket?.destroy();
      await events?.close().catch(() => undefined);
      await serve.stop();
      await web.close();
      await work.cleanup();
    }
  });
});
