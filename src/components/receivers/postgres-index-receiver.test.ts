import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { levelStore } from '../../../test/support/level-store.js';
import { PostgresServer } from '../../../test/support/postgres-server.js';
import { requireServer } from '../../../test/support/require-server.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { until } from '../../../test/support/until.js';
import { DEFAULT_ENGINE_SETTINGS } from '../../beans/engine-settings.js';
import { Registry } from '../../beans/registry/registry.js';
import { verifyBeans } from '../../beans/verify/verify-beans.js';
import type { CrawlLogger } from '../../model/crawl-logger.js';
import type { CrawledDocument } from '../../model/receiver.js';
import { formatDiagnostic } from '../../util/diagnostic.js';
import { crawlMetadataComponent } from '../metadata/crawl-metadata.js';
import { DEFAULT_INDEX_MAPPING } from './postgres-index-options.js';
import { PostgresIndexReceiver, type PostgresIndexReceiverConfig } from './postgres-index-receiver.js';
import { searchQuery } from './postgres-index-sql.js';
import { RECEIVER_COMPONENTS } from './receiver-components.js';

function doc(url: string, body: string, over: Partial<CrawledDocument> = {}): CrawledDocument {
  const content = Buffer.from(body);
  return {
    url, mimeType: 'text/html', contentType: 'text/html; charset=utf-8', charset: 'utf-8', size: content.length, content, status: 200,
    fetchTime: new Date('2024-02-03T04:05:06Z'), hopsPath: 'L', isSeed: false, outlinks: [], digest: `sha1:${url.length}`, ...over,
  };
}

interface Row {
  url: string; display_url: string; title: string | null; text: string; attributes: Record<string, unknown>; fetch_time: Date; digest: string | null;
}

describe(PostgresIndexReceiver.name, function () {
  this.timeout(60_000);
  let pg: PostgresServer;
  let alerts: string[];
  let tableNo = 0;
  let table: string;
  const receivers: PostgresIndexReceiver[] = [];
  const logger: CrawlLogger = { crawled: () => undefined, uriError: () => undefined, runtimeError: () => undefined, alert: (severity, message) => alerts.push(`${severity} ${message}`) };

  before(async function () {
    requireServer(this, 'postgresql');
    pg = await PostgresServer.create();
  });
  after(async () => {
    await pg?.close();
  });
  beforeEach(() => {
    alerts = [];
    table = `docs_${++tableNo}`;
  });
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.stop();
  });

  function receiver(over: Partial<PostgresIndexReceiverConfig> = {}, beanName = 'index'): PostgresIndexReceiver {
    const r = new PostgresIndexReceiver({
      connectionString: pg.connectionString, table, textSearchConfig: 'english', mapping: DEFAULT_INDEX_MAPPING, maxTextChars: 200_000,
      batchSize: 100, maxBatchDelayMs: 20, maxPendingBatches: 50, retryInitialDelayMs: 20, retryMaxDelayMs: 200, connectTimeoutMs: 2000,
      statementTimeoutMs: 10_000, stopTimeoutMs: 10_000, stateStore: undefined, loggerModule: logger, ...over,
    });
    r.beanName = beanName;
    receivers.push(r);
    return r;
  }

  const rows = () => pg.query<Row>(`SELECT url, display_url, title, text, attributes, fetch_time, digest FROM ${table} ORDER BY url`);

  it('creates the table with its GIN index, upserts new and changed documents, touches unchanged ones and removes deleted ones', async () => {
    const r = receiver();
    await r.start();
    r.documentNew(doc('http://site.test/a', 'the first page', { digest: 'sha1:AAAA' }));
    r.documentNew(doc('http://site.test/b', 'the second page', {
      extracted: { title: 'Bee', text: 'Readable bee text', language: 'en', keywords: ['bee', 'hive'], meta: {}, fields: {} },
      headers: { 'content-language': 'en' },
    }));
    r.documentNew(doc('http://site.test/c', 'to be removed'));
    await until(() => r.appliedOps === 3, 'the first batch applied');
    const first = await rows();
    expect(first.map((x) => x.url)).to.deep.equal(['http://site.test/a', 'http://site.test/b', 'http://site.test/c']);
    // Without an ExtractorDocument: no title, the content decoded as the text.
    expect(first[0]).to.deep.include({ display_url: 'http://site.test/a', title: null, text: 'the first page', digest: 'sha1:AAAA' });
    expect(first[0].attributes).to.deep.equal({ mimeType: 'text/html', size: 14 });
    // With one: its title and text, the mapped attributes in jsonb.
    expect(first[1]).to.deep.include({ title: 'Bee', text: 'Readable bee text' });
    expect(first[1].attributes).to.deep.equal({ mimeType: 'text/html', size: 15, language: 'en', keywords: ['bee', 'hive'] });
    const indexes = await pg.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE tablename = $1', [table]);
    expect(indexes.map((i) => i.indexdef).join('\n')).to.match(/USING gin \(search\)/);

    const later = new Date('2024-03-01T00:00:00Z');
    r.documentChanged(doc('http://site.test/b', 'changed', { fetchTime: later, digest: 'sha1:new' }));
    r.documentUnchanged({ kind: 'unchanged', url: 'http://site.test/a', status: 304, fetchTime: later.getTime() });
    r.documentDeleted({ kind: 'deleted', url: 'http://site.test/c', status: 404, fetchTime: later.getTime() });
    await until(() => r.appliedOps === 6, 'the second batch applied');
    const second = await rows();
    expect(second.map((x) => [x.url, x.text, x.digest, x.fetch_time.toISOString()])).to.deep.equal([
      ['http://site.test/a', 'the first page', 'sha1:AAAA', later.toISOString()],
      ['http://site.test/b', 'changed', 'sha1:new', later.toISOString()],
    ]);
    expect(alerts).to.deep.equal([]);
  });

  it('is searched by the one query: best first, with a highlighted snippet, in the table\'s text search configuration', async () => {
    const r = receiver();
    await r.start();
    r.documentFound(doc('http://site.test/hives', '', { extracted: { title: 'Hives and bees', text: 'Keeping bees in wooden hives. Bees make ' +
      'honey.', meta: {}, fields: {} } }));
    r.documentFound(doc('http://site.test/garden', '', { extracted: { title: 'Garden', text: 'Flowers attract a bee now and then.', meta: {}, fields: {} } }));
    r.documentFound(doc('http://site.test/cars', '', { extracted: { title: 'Cars', text: 'Engines and wheels.', meta: {}, fields: {} } }));
    await until(() => r.appliedOps === 3, 'the batch applied');
    const found = await pg.query<{ url: string; title: string; snippet: string; rank: number }>(searchQuery({ table, textSearchConfig: 'english' }), ['bee', 10]);
    // English stems "bees" and "bee" alike; the title weighs more than the text.
    expect(found.map((f) => f.url)).to.deep.equal(['http://site.test/hives', 'http://site.test/garden']);
    expect(found[0].snippet).to.include('[Bees]');
    expect(found[1].snippet).to.include('[bee]');
  });

  it('is the query docs/guide/search-index.md shows, which runs as written', async () => {
    const readme = readFileSync(join(REPO_ROOT, 'docs', 'guide', 'search-index.md'), 'utf8');
    const sql = /```sql\n([\s\S]*?);\n```/.exec(readme)?.[1];
    expect(sql, 'a ```sql block in docs/guide/search-index.md').to.be.a('string');
    expect(sql).to.equal(searchQuery({ table: 'documents', textSearchConfig: 'simple' }).replace('"documents"', 'documents'));
    const r = receiver({ textSearchConfig: 'simple' });
    await r.start();
    r.documentFound(doc('http://site.test/x', 'opening hours of the shop'));
    await until(() => r.appliedOps === 1, 'the batch applied');
    const found = await pg.query<{ url: string; snippet: string }>(sql!.replace('FROM documents,', `FROM ${table},`), ['opening', 5]);
    expect(found.map((f) => [f.url, f.snippet])).to.deep.equal([['http://site.test/x', '[opening] hours of the shop']]);
  });

  it('pauses while the database is down, with one alert that names no password, and applies everything once it is back', async () => {
    const r = receiver({ connectionString: pg.connectionString.replace('beancrawl@', 'beancrawl:s3cret-pw@'), batchSize: 2 });
    await r.start();
    r.documentFound(doc('http://site.test/1', 'one'));
    r.documentFound(doc('http://site.test/2', 'two'));
    await until(() => r.appliedOps === 2, 'the first batch applied');
    await pg.stop();
    try {
      for (let i = 3; i <= 9; i++) r.documentFound(doc(`http://site.test/${i}`, `page ${i}`));
      await until(() => r.failedAttempts >= 3, 'retries while the database is down');
      expect(r.pendingBatches).to.be.at.least(3);
      expect(alerts).to.have.length(1);
      expect(alerts[0]).to.match(new RegExp(`^WARNING PostgresIndexReceiver index: could not apply a batch of 2 change\\(s\\) to table ${table} at ` +
        `beancrawl@127\\.0\\.0\\.1:${pg.port}/postgres \\(.+\\); delivery paused, retrying with back-off`));
    } finally {
      await pg.start();
    }
    await until(() => r.appliedOps === 9, 'the waiting batches applied');
    await r.stop();
    expect((await rows()).map((x) => x.url)).to.deep.equal(Array.from({ length: 9 }, (_, i) => `http://site.test/${i + 1}`));
    expect(alerts.at(-1)).to.match(/delivery to table docs_\d+ at .* resumed after \d+ failed attempt\(s\)$/);
    expect(alerts.join('\n')).not.to.include('s3cret-pw');
  });

  it('makes the crawl wait once maxPendingBatches are waiting, and lets it go on when they are applied', async () => {
    await pg.stop();
    let r: PostgresIndexReceiver;
    let released = false;
    try {
      r = receiver({ batchSize: 1, maxPendingBatches: 2 });
      await r.start();
      expect(r.documentFound(doc('http://site.test/1', 'one'))).to.equal(undefined);
      const held = r.documentFound(doc('http://site.test/2', 'two'));
      const third = r.documentFound(doc('http://site.test/3', 'three'));
      expect(held).to.be.instanceOf(Promise);
      expect(third).to.be.instanceOf(Promise);
      void Promise.all([held, third]).then(() => (released = true));
      await until(() => r.failedAttempts >= 2, 'retries');
      expect(released).to.equal(false);
    } finally {
      await pg.start();
    }
    await until(() => released, 'the held documents released');
    await r.stop();
    expect((await rows()).length).to.equal(3);
  });

  it('applies a batch once: one replayed after a crash that struck after its commit is skipped', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'beancrawl-pgindex-'));
    try {
      const store = levelStore(join(dir, 'state'));
      await store.start();
      let crashed = false;
      // Once "crashed", commits fail before writing anything, as if the process had died.
      store.participate({ stage: () => undefined, flushed: async () => { if (crashed) throw new Error('power cut'); } });
      const r = receiver({ stateStore: store, maxBatchDelayMs: 60_000, batchSize: 3 });
      await r.start();
      for (let i = 1; i <= 2; i++) r.documentFound(doc(`http://site.test/${i}`, `page ${i}`));
      // The events of the batch being filled are staged at a commit...
      await store.commit();
      r.documentFound(doc('http://site.test/3', 'page 3'));
      // ...the batch is full, applied; its removal from the store never committed.
      await until(() => r.appliedBatches === 1, 'the batch applied');
      crashed = true;
      await r.stop();
      await store.stop().catch(() => undefined);
      await pg.query(`UPDATE ${table} SET text = 'edited since'`);

      const again = levelStore(join(dir, 'state'));
      await again.start();
      try {
        const replay = receiver({ stateStore: again });
        await replay.start();
        await until(() => replay.pendingBatches === 0, 'the replayed batch handled');
        expect(replay.skippedBatches).to.equal(1);
        await replay.stop();
        // Skipped: the rows are as the edit left them, not written again.
        expect((await rows()).map((x) => x.text)).to.deep.equal(['edited since', 'edited since', 'edited since']);
        await again.commit();
        expect((await again.sublevel('kept:pgindex:index').range('0', ':'))).to.deep.equal([]);
      } finally {
        await again.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('takes text PostgreSQL refuses and texts too long: NUL left out, a lone surrogate made U+FFFD, cut to maxTextChars', async () => {
    const r = receiver({ maxTextChars: 10, mapping: { httpMimetype: 'mimeType', 'header.x-note': 'note' } });
    await r.start();
    r.documentFound(doc('http://site.test/nul', 'a\u0000b\ud800 0123456789 tail', { headers: { 'x-note': 'n\u0000o\udc00te' } }));
    await until(() => r.appliedOps === 1, 'the batch applied');
    const [row] = await rows();
    // Cut first (at most maxTextChars), then cleaned.
    expect(row.text).to.equal('ab\ufffd 01234');
    expect(row.attributes).to.deep.equal({ mimeType: 'text/html', note: 'no\ufffdte' });
  });

  it('leaves out, with a SEVERE alert, a change the database can never take, and applies the rest of its batch', async () => {
    // 200,000 different words: a tsvector over 1 MB, which PostgreSQL refuses (program_limit_exceeded).
    const huge = Array.from({ length: 200_000 }, (_, i) => `w${i.toString(36)}x`).join(' ');
    const r = receiver({ batchSize: 3, maxTextChars: 5_000_000 });
    await r.start();
    r.documentFound(doc('http://site.test/before', 'fine'));
    r.documentFound(doc('http://site.test/huge', huge));
    r.documentFound(doc('http://site.test/after', 'fine too'));
    await until(() => r.appliedBatches === 1, 'the batch applied');
    expect((await rows()).map((x) => x.url)).to.deep.equal(['http://site.test/after', 'http://site.test/before']);
    expect(r.refusedOps).to.equal(1);
    expect(alerts).to.have.length(1);
    expect(alerts[0]).to.match(new RegExp(`^SEVERE PostgresIndexReceiver index: table ${table} at .* refused 1 change\\(s\\), left out of the ` +
      `index: http://site\\.test/huge \\(string is too long for tsvector`));
    // Delivery goes on.
    r.documentFound(doc('http://site.test/later', 'later'));
    await until(() => r.appliedOps === 4, 'the next batch applied');
  });

  describe('in a bean file', () => {
    const registry = new Registry([crawlMetadataComponent, ...RECEIVER_COMPONENTS]);

    async function verify(receiverBean: string): Promise<string[]> {
      const dir = await mkdtemp(join(tmpdir(), 'beancrawl-pgindex-beans-'));
      try {
        await writeFile(join(dir, 'crawler-beans.xml'), `<beans>
 <bean id="metadata" class="CrawlMetadata"><property name="operatorContactUrl" value="https://example.org/contact"/></bean>
 <bean id="receivers" class="ReceiverProcessor"><property name="receivers"><list>${receiverBean}</list></property></bean>
</beans>`);
        const result = await verifyBeans(join(dir, 'crawler-beans.xml'), { registry, settings: DEFAULT_ENGINE_SETTINGS, classpathRoot: dir, launchId: 'runs/1' });
        return result.diagnostics.map((d) => formatDiagnostic(d).replace(/^.*error \w+: /, ''));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }

    it('verifies with its defaults (the PG* environment variables, table documents, simple)', async () => {
      expect(await verify('<bean class="PostgresIndexReceiver"/>')).to.deep.equal([]);
    });

    it('warns of a password in connectionString (bean values are recorded), and takes one without', async () => {
      expect(await verify('<bean class="PostgresIndexReceiver"><property name="connectionString" ' +
        'value="postgresql://crawler@db.internal:5433/site"/></bean>')).to.deep.equal([]);
      const warned = await verify('<bean class="PostgresIndexReceiver"><property name="connectionString" ' +
        'value="postgresql://crawler:hunter2@db.internal/site"/></bean>');
      expect(warned).to.have.length(1);
      expect(warned[0]).to.match(/warning BC_BEAN_INVALID: bean "receivers.receivers\[0\]" property "connectionString": holds a password[\s\S]*hint: leave the password out: set PGPASSWORD/);
    });

    it('refuses a table name or text search configuration that is not a plain identifier, a bad connection string and an unknown attribute', async () => {
      const errors = await verify(`<bean class="PostgresIndexReceiver">
  <property name="table" value="pages; DROP TABLE x"/>
  <property name="textSearchConfig" value="English"/>
  <property name="connectionString" value="mysql://host/db"/>
  <property name="mapping"><map><entry key="titel" value="t"/></map></property>
</bean>`);
      expect(errors).to.have.length(4);
      expect(errors[0]).to.match(/property "table": "pages; DROP TABLE x" is not a plain SQL identifier/);
      expect(errors.join('\n')).to.match(/property "textSearchConfig": "English" is not a plain SQL identifier/);
      expect(errors.join('\n')).to.match(/property "connectionString": must be a postgresql:\/\/user@host:port\/database URL/);
      expect(errors.join('\n')).to.match(/property "mapping": maps an unknown attribute "titel"\n {2}hint: did you mean "title"\?/);
    });
  });
});
