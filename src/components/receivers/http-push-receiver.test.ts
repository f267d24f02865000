import { expect } from 'chai';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { captureTimers } from '../../../test/support/captured-timers.js';
import { levelStore } from '../../../test/support/level-store.js';
import { until } from '../../../test/support/until.js';
import { BeanContainer } from '../../beans/container/bean-container.js';
import { DEFAULT_ENGINE_SETTINGS } from '../../beans/engine-settings.js';
import { Registry } from '../../beans/registry/registry.js';
import { verifyBeans } from '../../beans/verify/verify-beans.js';
import type { CrawlLogger } from '../../model/crawl-logger.js';
import type { DocumentEvent } from '../../model/fetch-history.js';
import type { CrawledDocument } from '../../model/receiver.js';
import { formatDiagnostic } from '../../util/diagnostic.js';
import { crawlMetadataComponent } from '../metadata/crawl-metadata.js';
import { HttpPushReceiver, type HttpPushReceiverConfig } from './http-push-receiver.js';
import { RECEIVER_COMPONENTS } from './receiver-components.js';

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly events: DocumentEvent[];
  readonly status: number;
  readonly at: number;
}

/** A loopback endpoint recording each POST; `answer` gives the status of the nth request (0-based), or 'hang' for none. */
class PushServer {
  readonly received: Received[] = [];
  answer: (n: number) => number | 'hang' = () => 200;
  #server?: Server;

  async listen(port = 0): Promise<string> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const status = this.answer(this.received.length);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { events: DocumentEvent[] };
        this.received.push({ headers: req.headers, events: body.events, status: status === 'hang' ? 0 : status, at: Date.now() });
        if (status !== 'hang') res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
      });
    });
    this.#server = server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/records?job=crawl`;
  }

  /** The events of the requests answered 2xx, in order. */
  get delivered(): string[] {
    return this.received.filter((r) => r.status >= 200 && r.status < 300).flatMap((r) => r.events.map((e) => e.url));
  }

  async close(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A URL nothing listens at: connections are refused. */
async function unreachableUrl(): Promise<string> {
  const s = new PushServer();
  const url = await s.listen();
  await s.close();
  return url;
}

function doc(url: string, over: Partial<CrawledDocument> = {}): CrawledDocument {
  const content = Buffer.from(`content of ${url}`);
  return {
    url, mimeType: 'text/html', contentType: 'text/html', size: content.length, content, status: 200,
    fetchTime: new Date('2024-02-03T04:05:06Z'), hopsPath: 'L', isSeed: false, outlinks: [], ...over,
  };
}

const urls = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `http://site.test/${i + from}`);

describe(HttpPushReceiver.name, () => {
  let server: PushServer;
  let alerts: string[];
  const receivers: HttpPushReceiver[] = [];
  const logger: CrawlLogger = { crawled: () => undefined, uriError: () => undefined, runtimeError: () => undefined, alert: (severity, message) => alerts.push(`${severity} ${message}`) };

  beforeEach(() => {
    server = new PushServer();
    alerts = [];
  });
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.stop();
    await server.close();
  });

  function receiver(over: Partial<HttpPushReceiverConfig> & { url: string }, beanName = ''): HttpPushReceiver {
    const r = new HttpPushReceiver({
      batchSize: 100, maxBatchDelayMs: 60_000, retryInitialDelayMs: 20, retryMaxDelayMs: 80, requestTimeoutMs: 5000, stopTimeoutMs: 2000,
      headers: {}, stateStore: undefined, loggerModule: logger, ...over,
    });
    r.beanName = beanName;
    receivers.push(r);
    return r;
  }

  it('sends a batch as soon as it holds batchSize events, and the partial one at stop', async () => {
    const r = receiver({ url: await server.listen(), batchSize: 2 });
    await r.start();
    for (const u of urls(5)) r.documentFound(doc(u));
    await until(() => r.deliveredBatches === 2, 'two full batches');
    // The fifth event waits in the batch being filled: no third batch is formed before stop().
    expect(r.pendingBatches).to.equal(0);
    expect(server.received.map((x) => x.events.length)).to.deep.equal([2, 2]);
    await r.stop();
    expect(server.received.map((x) => x.events.length)).to.deep.equal([2, 2, 1]);
    expect(server.delivered).to.deep.equal(urls(5));
    expect([r.deliveredBatches, r.deliveredEvents, r.pendingBatches]).to.deep.equal([3, 5, 0]);
  });

  it('sends a batch that is not full maxBatchDelayMs after its first event', async () => {
    // The batch's due time is a timer of maxBatchDelayMs, which the test fires instead of the clock.
    const due = captureTimers((ms) => ms === 45_000);
    try {
      const r = receiver({ url: await server.listen(), maxBatchDelayMs: 45_000 });
      await r.start();
      r.documentFound(doc('http://site.test/1'));
      expect(due.timers).to.have.length(1);
      // A second event neither sends the batch nor puts it off.
      r.documentFound(doc('http://site.test/2'));
      expect(due.timers).to.have.length(1);
      expect(r.pendingBatches).to.equal(0);
      due.timers[0].fire();
      await until(() => server.received.length === 1, 'the due batch');
      expect(server.delivered).to.deep.equal(urls(2));
      r.documentFound(doc('http://site.test/3'));
      expect(due.timers).to.have.length(2);
      due.timers[1].fire();
      await until(() => server.received.length === 2, 'the next due batch');
      expect(server.delivered).to.deep.equal(urls(3));
    } finally {
      due.restore();
    }
  });

  it('POSTs {"events": [...]} as application/json with the headers given, each event shaped as a DocumentEvent, never the content', async () => {
    const url = await server.listen();
    const r = receiver({ url: url.replace('http://', 'http://crawler:s%3Acret@'), headers: { 'X-Api-Key': 'k1' }, batchSize: 6 });
    await r.start();
    const unchanged: DocumentEvent = {
      kind: 'unchanged', url: 'http://site.test/304', status: 304, mimeType: 'text/html', size: 42, digest: 'sha1:BBBB',
      lastModified: 'Tue, 02 Jan 2024 03:04:05 GMT', etag: '"e1"', fetchTime: 1_700_000_000_000,
    };
    r.documentFound(doc('http://site.test/found', { lastModified: new Date('2024-01-02T03:04:05Z'), digest: 'sha1:AAAA' }));
    r.documentNew(doc('http://site.test/new', { mimeType: '' }));
    r.documentChanged(doc('http://site.test/changed'));
    r.documentUnchanged(unchanged);
    r.documentUnchanged({ ...unchanged, url: 'http://site.test/same', status: 200, lastModified: 'garbage' }, doc('http://site.test/same'));
    r.documentDeleted({ kind: 'deleted', url: 'http://site.test/gone', status: 404, fetchTime: 1_700_000_000_001 });
    await until(() => server.received.length === 1, 'the batch');
    const [{ headers, events }] = server.received;
    expect(headers['content-type']).to.equal('application/json');
    expect(headers['x-api-key']).to.equal('k1');
    expect(headers.authorization).to.equal(`Basic ${Buffer.from('crawler:s:cret').toString('base64')}`);
    const fetchTime = Date.parse('2024-02-03T04:05:06Z');
    expect(events).to.deep.equal([
      { kind: 'found', url: 'http://site.test/found', status: 200, mimeType: 'text/html', size: doc('http://site.test/found').size, digest: 'sha1:AAAA', lastModified: '2024-01-02T03:04:05.000Z', fetchTime },
      { kind: 'new', url: 'http://site.test/new', status: 200, size: doc('http://site.test/new').size, fetchTime },
      { kind: 'changed', url: 'http://site.test/changed', status: 200, mimeType: 'text/html', size: doc('http://site.test/changed').size, fetchTime },
      { kind: 'unchanged', url: 'http://site.test/304', status: 304, mimeType: 'text/html', size: 42, digest: 'sha1:BBBB', lastModified: '2024-01-02T03:04:05.000Z', etag: '"e1"', fetchTime: 1_700_000_000_000 },
      { kind: 'unchanged', url: 'http://site.test/same', status: 200, mimeType: 'text/html', size: 42, digest: 'sha1:BBBB', etag: '"e1"', fetchTime: 1_700_000_000_000 },
      { kind: 'deleted', url: 'http://site.test/gone', status: 404, fetchTime: 1_700_000_000_001 },
    ]);
  });

  it('retries a batch answered 503 with doubling back-off, then goes on in order without duplicates', async () => {
    server.answer = (n) => (n < 3 ? 503 : 200);
    const r = receiver({ url: await server.listen(), batchSize: 1, retryInitialDelayMs: 40, retryMaxDelayMs: 1000 });
    await r.start();
    for (const u of urls(3)) r.documentFound(doc(u));
    await until(() => server.delivered.length === 3, 'three deliveries');
    expect(server.received.map((x) => [x.status, x.events.map((e) => e.url)])).to.deep.equal([
      [503, urls(1)], [503, urls(1)], [503, urls(1)], [200, urls(1)], [200, urls(1, 2)], [200, urls(1, 3)],
    ]);
    expect(server.delivered).to.deep.equal(urls(3));
    const gaps = [1, 2, 3].map((i) => server.received[i].at - server.received[i - 1].at);
    expect(gaps[0]).to.be.at.least(35);
    expect(gaps[1]).to.be.at.least(75);
    expect(gaps[2]).to.be.at.least(155);
    expect(r.failedRequests).to.equal(3);
    expect(alerts).to.have.length(1);
    expect(alerts[0]).to.match(/^WARNING HttpPushReceiver: could not deliver a batch of 1 event\(s\) to http:\/\/127\.0\.0\.1:\d+\/push\/records\?job=crawl \(answered 503\); retrying/);
  });

  it('retries a request not answered within requestTimeoutMs, and never holds up the documents', async () => {
    server.answer = (n) => (n === 0 ? 'hang' : 200);
    // Long enough that an answered request is not taken for a lost one on a loaded machine (it would be sent again: at least once).
    const r = receiver({ url: await server.listen(), batchSize: 1, requestTimeoutMs: 1000 });
    await r.start();
    const took = Date.now();
    for (const u of urls(50)) expect(r.documentFound(doc(u))).to.equal(undefined);
    expect(Date.now() - took).to.be.below(500);
    await until(() => server.delivered.length === 50, 'every batch');
    expect(server.delivered).to.deep.equal(urls(50));
    expect(server.received[0].status).to.equal(0);
    expect(alerts.join('\n')).to.include('no answer within requestTimeoutMs (1000 ms)');
  });

  it('stop() with an unreachable endpoint gives up after stopTimeoutMs, and says what is lost without a state store', async () => {
    const r = receiver({ url: await unreachableUrl(), batchSize: 2, stopTimeoutMs: 300 });
    await r.start();
    for (const u of urls(3)) r.documentFound(doc(u));
    const began = Date.now();
    await r.stop();
    const took = Date.now() - began;
    expect(took).to.be.at.least(290);
    expect(took).to.be.below(1500);
    expect(r.pendingBatches).to.equal(2);
    expect(alerts.at(-1)).to.match(/^WARNING HttpPushReceiver: 2 batch\(es\) of 3 event\(s\) not delivered to .* within stopTimeoutMs \(300 ms\); they are lost: there is no state store$/);
    expect(() => r.documentFound(doc('http://site.test/late'))).to.throw(/after stop\(\)/);
  });

  it('refuses documents before start(), and a URL that is not http or https', () => {
    expect(() => receiver({ url: 'http://127.0.0.1:1/' }).documentFound(doc('http://site.test/'))).to.throw(/before start\(\)/);
    expect(() => receiver({ url: 'ftp://host/x' })).to.throw('HttpPushReceiver url must be an http or https URL, not ftp ("ftp://host/x")');
    expect(() => receiver({ url: 'localhost:8080/x' })).to.throw(/HttpPushReceiver url must be an http or https URL/);
    expect(() => receiver({ url: '/x' })).to.throw('HttpPushReceiver url "/x" is not an absolute URL');
  });

  it('delivers from a process that loads nothing else of undici (no other module gives its agent a request method)', async () => {
    // The command's bundle loads undici's parts one by one; Dispatcher.prototype.request comes only with its main module,
    // which another test file loading it first would give this process.
    const url = await server.listen();
    const module = fileURLToPath(new URL('./http-push-receiver.js', import.meta.url));
    const script = `
      const { HttpPushReceiver } = await import(${JSON.stringify(module)});
      const alerts = [];
      const r = new HttpPushReceiver({ url: ${JSON.stringify(url)}, batchSize: 1, maxBatchDelayMs: 60000, retryInitialDelayMs: 20,
        retryMaxDelayMs: 80, requestTimeoutMs: 5000, stopTimeoutMs: 2000, headers: {}, stateStore: undefined,
        loggerModule: { crawled() {}, uriError() {}, runtimeError() {}, alert: (s, m) => alerts.push(m) } });
      await r.start();
      r.documentFound({ url: 'http://site.test/1', mimeType: 'text/html', contentType: 'text/html', size: 1, content: Buffer.from('x'),
        status: 200, fetchTime: new Date(), hopsPath: '', isSeed: true, outlinks: [] });
      await r.stop();
      process.stdout.write(JSON.stringify({ delivered: r.deliveredEvents, alerts }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    expect(JSON.parse(stdout)).to.deep.equal({ delivered: 1, alerts: [] });
    expect(server.delivered).to.deep.equal(['http://site.test/1']);
  });

  describe('with a state store', () => {
    let dir: string;

    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'beancrawl-push-'));
    });
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('keeps batches not delivered across a stop and a start, and delivers them once the endpoint is up', async () => {
      const store = levelStore(join(dir, 'state'));
      await store.start();
      const down = receiver({ url: await unreachableUrl(), batchSize: 2, stopTimeoutMs: 100, stateStore: store }, 'push');
      await down.start();
      for (const u of urls(5)) down.documentFound(doc(u));
      await down.stop();
      expect(alerts.at(-1)).to.match(/3 batch\(es\) of 5 event\(s\) not delivered .*; they stay in the state store and are sent when the job resumes or runs again$/);
      await store.stop();

      const again = levelStore(join(dir, 'state'));
      await again.start();
      try {
        expect((await again.sublevel('kept:push:push').range('0', ':')).map(([k]) => k)).to.deep.equal([
          '000000000000.000000000', '000000000001.000000000', '000000000002.000000000',
        ]);
        const up = receiver({ url: await server.listen(), batchSize: 2, stateStore: again }, 'push');
        await up.start();
        up.documentFound(doc('http://site.test/6'));
        await up.stop();
        expect(server.received.map((x) => x.events.map((e) => e.url))).to.deep.equal([urls(2), urls(2, 3), urls(1, 5), urls(1, 6)]);
        await again.commit();
        expect(await again.sublevel('kept:push:push').range('0', ':')).to.deep.equal([]);
      } finally {
        await again.stop();
      }
    });

    it('after a crash, sends the events of the batch being filled that were committed', async () => {
      const store = levelStore(join(dir, 'state'));
      await store.start();
      let crashed = false;
      // Once "crashed", commits fail before writing anything, as if the process had died.
      store.participate({ stage: () => undefined, flushed: async () => { if (crashed) throw new Error('power cut'); } });
      const r = receiver({ url: await unreachableUrl(), stopTimeoutMs: 0, stateStore: store }, 'push');
      await r.start();
      for (const u of urls(3)) r.documentFound(doc(u));
      await store.commit();
      for (const u of urls(2, 4)) r.documentFound(doc(u));
      await store.commit();
      r.documentFound(doc('http://site.test/6'));
      crashed = true;
      await r.stop();
      await store.stop().catch(() => undefined);

      const again = levelStore(join(dir, 'state'));
      await again.start();
      try {
        const up = receiver({ url: await server.listen(), stateStore: again }, 'push');
        await up.start();
        await until(() => server.received.length === 1, 'the batch');
        await up.stop();
        expect(server.received.map((x) => x.events.map((e) => e.url))).to.deep.equal([urls(5)]);
      } finally {
        await again.stop();
      }
    });

    it('keeps each receiver\'s batches apart, by bean id', async () => {
      const store = levelStore(join(dir, 'state'));
      await store.start();
      try {
        const url = await unreachableUrl();
        const a = receiver({ url, stopTimeoutMs: 0, stateStore: store }, 'a');
        const b = receiver({ url, stopTimeoutMs: 0, stateStore: store }, 'b');
        await a.start();
        await b.start();
        a.documentFound(doc('http://site.test/a'));
        b.documentFound(doc('http://site.test/b'));
        await a.stop();
        await b.stop();
        await store.commit();
        expect((await store.sublevel('kept:push:a').range('0', ':')).map(([, v]) => (JSON.parse(v) as DocumentEvent[])[0].url)).to.deep.equal(['http://site.test/a']);
        expect((await store.sublevel('kept:push:b').range('0', ':')).map(([, v]) => (JSON.parse(v) as DocumentEvent[])[0].url)).to.deep.equal(['http://site.test/b']);
      } finally {
        await store.stop();
      }
    });
  });

  describe('in a bean file', () => {
    const registry = new Registry([crawlMetadataComponent, ...RECEIVER_COMPONENTS]);

    async function verify(receiverBean: string, topLevel = ''): Promise<{ errors: string[]; dir: string; resolved?: unknown }> {
      const dir = await mkdtemp(join(tmpdir(), 'beancrawl-push-beans-'));
      await writeFile(join(dir, 'crawler-beans.xml'), `<beans>
 <bean id="metadata" class="org.archive.modules.CrawlMetadata"><property name="operatorContactUrl" value="https://example.org/contact"/></bean>
 <bean id="receivers" class="ReceiverProcessor"><property name="receivers"><list>${receiverBean}</list></property></bean>${topLevel}
</beans>`);
      const result = await verifyBeans(join(dir, 'crawler-beans.xml'), { registry, settings: DEFAULT_ENGINE_SETTINGS, classpathRoot: dir, launchId: 'runs/1' });
      return { dir, resolved: result.resolved, errors: result.diagnostics.map((d) => formatDiagnostic(d).replace(/^.*error \w+: /, '')) };
    }

    it('needs an http or https url, headers it may send and a sane back-off', async () => {
      const results = await Promise.all([
        verify('<bean class="HttpPushReceiver"/>'),
        verify('<bean class="HttpPushReceiver"><property name="url" value="ftp://host/in"/></bean>'),
        verify(`<bean class="HttpPushReceiver"><property name="url" value="http://host/in"/><property name="retryMaxDelayMs" value="10"/>
          <property name="headers"><map><entry key="Content-Type" value="text/plain"/><entry key="bad name" value="x"/></map></property></bean>`),
      ]);
      for (const r of results) await rm(r.dir, { recursive: true, force: true });
      expect(results[0].errors).to.have.length(1);
      expect(results[0].errors[0]).to.match(/property "url": is required but not set/);
      expect(results[1].errors).to.deep.equal(['bean "receivers.receivers[0]" property "url": must be an http or https URL, not ftp ' +
        '("ftp://host/in")\n  hint: e.g. http://localhost:8080/smila/job/crawl/records']);
      expect(results[2].errors).to.deep.equal([
        'bean "receivers.receivers[0]" property "retryMaxDelayMs": (10) is below retryInitialDelayMs (500)',
        'bean "receivers.receivers[0]" property "headers": may not set "Content-Type": the receiver sends its own (content-type: application/json, ' +
          'the length, the connection\'s)',
        'bean "receivers.receivers[0]" property "headers": has a header name that is not an HTTP token: "bad name"',
      ]);
    });

    it('builds with the defaults, named by its bean id', async () => {
      const r = await verify('<ref bean="push"/>', '\n <bean id="push" class="HttpPushReceiver"><property name="url" ' +
        'value="https://index.example/records"/></bean>');
      try {
        expect(r.errors).to.deep.equal([]);
        const container = await BeanContainer.build(r.resolved as never, { startTimeoutMs: 1000, stopTimeoutMs: 1000 });
        const push = container.get<HttpPushReceiver>('push');
        expect(push).to.be.instanceOf(HttpPushReceiver);
        expect(push.beanName).to.equal('push');
        expect(push.config).to.include({ url: 'https://index.example/records', batchSize: 100, maxBatchDelayMs: 1000, retryInitialDelayMs: 500, retryMaxDelayMs: 60000, requestTimeoutMs: 30000, stopTimeoutMs: 10000 });
        expect(push.config.headers).to.deep.equal({});
      } finally {
        await rm(r.dir, { recursive: true, force: true });
      }
    });
  });
});
