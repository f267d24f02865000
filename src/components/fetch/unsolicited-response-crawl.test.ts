import { expect } from 'chai';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fixedMetadata } from '../../model/crawl-metadata-info.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { RawHttpServer } from '../../../test/support/raw-http-server.js';
import { until } from '../../../test/support/until.js';
import { FetchHttp, type FetchHttpConfig } from './fetch-http.js';
import { fetchHttpComponent } from './fetch-http.descriptor.js';
import { MemoryServerCache } from './memory-server-cache.js';
import { crawlJob, fastSets, type CrawlLogEntry } from '../../../test/support/crawl-job.js';
import { field, parseHttpMessage, readWarcFile, type WarcRecordRead } from '../../../test/support/warc-reader.js';

const PAGES = 40;

/** The answer to `path`: it names the path it answers (X-Answers) and links nowhere but the seed's pages. */
function answer(path: string, body: string): Buffer {
  return Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Answers: ${path}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`, 'latin1');
}

const UNSOLICITED_BODY = '<html><body><a href="/unsolicited-link">never follow me</a></body></html>';

/**
 * A raw TCP server that, after answering a request on a kept-alive connection, writes a second
 * whole response nobody asked for on the same connection: at once (same write), or a little
 * later (its own write), in turns. (Bytes that come after the next request was written cannot be
 * told from its answer: HTTP/1.1 has nothing else to tell them by.)
 */
function pushyServer(): Promise<RawHttpServer> {
  return RawHttpServer.start((path, socket, n) => {
    const body = path === '/' ? `<html><body>${Array.from({ length: PAGES }, (_, i) => `<a href="/p${i}">${i}</a>`).join(' ')}</body></html>`
      : path === '/robots.txt' ? 'User-agent: *\nDisallow:\n' : `<html><body>answer to ${path}</body></html>`;
    const extra = answer(`unsolicited-after-${path}`, UNSOLICITED_BODY);
    if (n % 3 === 0) socket.write(Buffer.concat([answer(path, body), extra]));
    else if (n % 3 === 1) socket.write(answer(path, body), () => socket.write(extra));
    else {
      socket.write(answer(path, body));
      setImmediate(() => socket.writable && socket.write(extra));
    }
  });
}

describe('a response nobody asked for, on a kept-alive connection (integration)', function () {
  this.timeout(60000);
  let server: RawHttpServer;
  let log: CrawlLogEntry[];
  let records: WarcRecordRead[];

  before(async () => {
    server = await pushyServer();
    const outcome = await crawlJob(fastSets([`${server.origin}/`], ['fetchHttp.sendConnectionClose=false']), {
      inspect: async (run) => {
        const names = (await readdir(join(run, 'warcs'))).filter((n) => n.endsWith('.warc.gz')).sort();
        records = (await Promise.all(names.map((n) => readWarcFile(join(run, 'warcs', n))))).flat();
      },
    });
    expect(outcome.exitStatus).to.equal('FINISHED');
    log = outcome.log;
  });
  after(() => server.close());

  it('records for every URL only what was answered to its own request, never the extra response', () => {
    const responses = records.filter((r) => field(r, 'WARC-Type') === 'response' && field(r, 'WARC-Target-URI')?.startsWith('http'));
    expect(responses.length, 'response records').to.be.at.least(PAGES + 1);
    for (const r of responses) {
      const path = new URL(field(r, 'WARC-Target-URI')!).pathname;
      const message = parseHttpMessage(r.block);
      const answers = message.headers.filter(([name]) => name.toLowerCase() === 'x-answers').map(([, value]) => value);
      expect(answers, `the record of ${path}`).to.deep.equal([path]);
      expect(r.block.includes('unsolicited'), `the record of ${path} holds bytes of the unsolicited response`).to.equal(false);
    }
  });

  it('logs every page with its own answer, and never follows the extra response\'s link', () => {
    for (let i = 0; i < PAGES; i++) {
      const e = log.find((x) => x.uri === `${server.origin}/p${i}`);
      expect(e, `/p${i} in crawl.log`).to.not.equal(undefined);
      expect([e!.status, e!.size], `/p${i}`).to.deep.equal([200, String(`<html><body>answer to /p${i}</body></html>`.length)]);
    }
    expect(log.filter((e) => e.uri.includes('unsolicited')).map((e) => e.line)).to.deep.equal([]);
  });
});

describe('bytes on an idle kept-alive connection', () => {
  it('drop the connection: the next request goes out on a new one and gets its own answer', async () => {
    const server = await RawHttpServer.start((path, socket) => socket.write(answer(path, `answer to ${path}`)));
    const sockets = server.connections;
    const port = server.port;
    const cache = new MemoryServerCache({});
    cache.host('site.test').ip = '127.0.0.1';
    const defaults = Object.fromEntries(Object.entries(fetchHttpComponent.props).map(([k, spec]) => [k, spec.default]));
    const metadata = fixedMetadata({ operatorContactUrl: 'https://example.org/contact', operatorFrom: '', jobName: 'test', robotsPolicyName: 'obey', userAgent: 'test' });
    const f = new FetchHttp({ ...defaults, serverCache: cache, metadata, shouldFetchBodyRule: undefined } as unknown as FetchHttpConfig);
    await f.start();
    try {
      const first = new CrawlUri(`http://site.test:${port}/a`);
      await f.process(first);
      expect(first.response?.body.toString()).to.equal('answer to /a');
      // The connection is idle now: the server says more, and the crawler hangs up.
      sockets[0].write(answer('unsolicited', UNSOLICITED_BODY));
      await until(() => sockets[0].destroyed || sockets[0].readableEnded, 'the crawler to close the connection the unsolicited bytes came on');
      const second = new CrawlUri(`http://site.test:${port}/b`);
      await f.process(second);
      expect([second.fetchStatus, second.response?.body.toString()]).to.deep.equal([200, 'answer to /b']);
      expect(sockets.length, 'connections').to.equal(2);
    } finally {
      await f.stop();
      await server.close();
    }
  });
});
