import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchJob } from '../../src/job/launch-job.js';
import { PostgresServer } from '../support/postgres-server.js';
import { requireServer } from '../support/require-server.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';
import type { CrawlControl } from '../../src/model/crawl-control.js';

interface Line { kind: string; url: string; displayUrl?: string; title?: string; content?: string }

describe('crawling a database table, twice (the database-table profile, a real PostgreSQL)', function () {
  this.timeout(240_000);
  let pg: PostgresServer;

  before(async function () {
    requireServer(this, 'postgresql');
    pg = await PostgresServer.create();
  });

  after(async () => {
    await pg?.close();
  });

  it('reads every row in key order a page at a time, each a document at a stable URL with its display URL; the next run gives the exact delta', async () => {
    await pg.query('CREATE TABLE products (id integer PRIMARY KEY, title text NOT NULL, price numeric, updated_at timestamptz NOT NULL, notes jsonb)');
    for (let id = 1; id <= 5; id++) {
      await pg.query('INSERT INTO products VALUES ($1, $2, $3, $4, $5)', [id, `Kettle ` +
        `${id}`, 10 + id, '2026-01-01T00:00:00Z', JSON.stringify({ colour: id % 2 ? 'red' : 'blue' })]);
    }
    const origin = new URL(pg.connectionString);
    const seed = `postgresql://${origin.username}@${origin.host}/postgres?table=products&key=id&content=title,price,notes&version=updated_at&display=https://shop.example/p/{id}`;
    const job = await tempDir({ 'crawler-beans.xml': readFileSync(join(REPO_ROOT, 'profiles', 'database-table.xml'), 'utf8') });
    const run = async () => {
      // Two keys a page: the five rows take three pages, each a listing no receiver hears.
      const result = await launchJob(job.dir, { sets: ['metadata.operatorContactUrl=http://example.org/contact', `seeds.textSource.value=${seed}`, 'fetchTable.pageSize=2'] });
      expect(result.exitStatus).to.equal('FINISHED');
      const lines = readFileSync(join(job.dir, result.runDir, 'documents.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
      const byKind: Record<string, string[]> = {};
      for (const l of lines) (byKind[l.kind] ??= []).push(/\/products\/(\d+)\?/.exec(l.url)![1]);
      for (const k of Object.keys(byKind)) byKind[k].sort();
      const crawlLog = readFileSync(join(job.dir, result.runDir, 'logs', 'crawl.log'), 'utf8');
      return { lines, byKind, crawlLog };
    };
    try {
      const first = await run();
      expect(first.byKind).to.deep.equal({ new: ['1', '2', '3', '4', '5'] });
      const two = first.lines.find((l) => l.url.includes('/products/2?'))!;
      expect(two.url).to.equal(`postgresql://${origin.username}@${origin.host}/postgres/products/2?key=id&content=title%2Cprice%2Cnotes&version=updated_at&display=https%3A%2F%2Fshop.example%2Fp%2F%7Bid%7D`);
      expect(two).to.deep.include({ displayUrl: 'https://shop.example/p/2', title: 'Kettle 2' });
      expect(JSON.parse(two.content!)).to.deep.equal({ title: 'Kettle 2', price: '12', notes: { colour: 'blue' } });
      expect(first.crawlLog.match(/text\/x-table-listing/g), 'three pages of two keys').to.have.length(3);

      // One row edited (its version moves), one deleted, one added.
      await pg.query('UPDATE products SET title = $1, updated_at = $2 WHERE id = 2', ['Kettle 2, blue', '2026-02-01T00:00:00Z']);
      await pg.query('DELETE FROM products WHERE id = 3');
      await pg.query('INSERT INTO products VALUES (6, $1, 30, $2, NULL)', ['Teapot', '2026-02-01T00:00:00Z']);
      const second = await run();
      expect(second.byKind).to.deep.equal({ new: ['6'], changed: ['2'], unchanged: ['1', '4', '5'], deleted: ['3'] });
      expect(second.crawlLog).to.match(/ 404 .*\/products\/3\?.*table:rowGone/);
    } finally {
      await job.cleanup();
    }
  });

  it('answers a failure, never a deletion, when the database cannot be reached', async () => {
    const job = await tempDir({ 'crawler-beans.xml': readFileSync(join(REPO_ROOT, 'profiles', 'database-table.xml'), 'utf8') });
    try {
      // As for a web server that refuses connections: retried later (not here: no retries), never a 404.
      const result = await launchJob(job.dir, { sets: ['metadata.operatorContactUrl=http://example.org/contact', 'seeds.textSource.value=postgresql://nobody@127.0.0.1:9/postgres?table=t&key=id', 'frontier.maxRetries=0'] });
      expect(result.exitStatus).to.equal('FINISHED');
      const crawlLog = readFileSync(join(job.dir, result.runDir, 'logs', 'crawl.log'), 'utf8');
      expect(crawlLog).to.match(/ -2 .*postgresql:\/\/nobody@127\.0\.0\.1:9\/postgres\?table=t&key=id .*err:ECONNREFUSED/);
    } finally {
      await job.cleanup();
    }
  });

  /** A crawl of `seed` with the database-table profile: its run's documents, crawl.log and alerts.log. */
  async function crawl(seed: string, sets: string[], onRunning?: (c: CrawlControl) => void) {
    const job = await tempDir({ 'crawler-beans.xml': readFileSync(join(REPO_ROOT, 'profiles', 'database-table.xml'), 'utf8') });
    try {
      const result = await launchJob(job.dir, {
        sets: ['metadata.operatorContactUrl=http://example.org/contact', `seeds.textSource.value=${seed}`, ...sets],
        ...(onRunning ? { onRunning: (c: CrawlControl) => onRunning(c) } : {}),
      });
      const read = (file: string) => readFileSync(join(job.dir, result.runDir, file), 'utf8');
      const documents = read('documents.jsonl').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
      const tries = (() => {
        try {
          return read('logs/nonfatal-errors.log');
        } catch {
          return '';
        }
      })();
      return { result, documents, crawlLog: read('logs/crawl.log'), alerts: read('logs/alerts.log'), tries };
    } finally {
      await job.cleanup();
    }
  }

  const seedOf = (table: string, more = '') => {
    const origin = new URL(pg.connectionString);
    return `postgresql://${origin.username}@${origin.host}/postgres?table=${table}&key=id${more}`;
  };

  /** Row keys of a crawl's documents, sorted as numbers, each once. */
  const idsOf = (documents: Line[]) => documents.map((d) => Number(/\/(\d+)\?/.exec(d.url)![1])).sort((a, b) => a - b);

  it('reads a 5,000-row integer-keyed table whole, in pages of 1,000, and says at its last page that count(*) agrees', async () => {
    // Text order (1, 10, 100, 1000, 1001, …) lost rows of such a table; 100,000 rows in test/bench/table.bench.ts (a crawl reads some 300 rows/s).
    await pg.query('CREATE TABLE numbered (id integer PRIMARY KEY, title text NOT NULL)');
    await pg.query('INSERT INTO numbered SELECT g, \'row \' || g FROM generate_series(1, 5000) g');
    const started = Date.now();
    const run = await crawl(seedOf('numbered'), ['fetchTable.pageSize=1000']);
    expect(run.result.exitStatus).to.equal('FINISHED');
    const ids = idsOf(run.documents);
    expect(ids.length, `${ids.length} of 5,000 rows in ${Date.now() - started} ms`).to.equal(5000);
    expect(new Set(ids).size).to.equal(5000);
    expect(run.crawlLog).to.match(/ 200 .*table=numbered.*after=4000 .*table:rows=5000/);
    expect(run.alerts).to.not.match(/table/);
  });

  it('alerts, naming the rows missed, when a listing gives fewer rows than count(*) (a key that is not unique, a NULL key)', async () => {
    await pg.query('CREATE TABLE loose (id integer, title text)');
    await pg.query('INSERT INTO loose VALUES (1, \'a\'), (2, \'b\'), (2, \'b again\'), (NULL, \'no key\')');
    const run = await crawl(seedOf('loose'), []);
    expect(idsOf(run.documents)).to.deep.equal([1, 2]);
    expect(run.crawlLog, run.crawlLog).to.match(/table=loose&key=id .*table:incomplete=2\/4/);
    expect(run.alerts).to.match(/SEVERE .*table incomplete: table loose .* gave 2 rows, but count\(\*\) at the same snapshot is 4 \(1 of them with a NULL key/);
  });

  it('loses no row when PostgreSQL stops mid-run and starts again: each failed fetch (57P01, ECONNREFUSED) is retried', async () => {
    await pg.query('CREATE TABLE restarted (id integer PRIMARY KEY, title text NOT NULL)');
    await pg.query('INSERT INTO restarted SELECT g, \'row \' || g FROM generate_series(1, 2000) g');
    let restart: Promise<void> | undefined;
    const run = await crawl(seedOf('restarted'), ['fetchTable.pageSize=100', 'frontier.retryDelaySeconds=1', 'frontier.maxRetries=60'], (c) => {
      restart = (async () => {
        await until(() => c.progress().frontier.succeeded >= 300, '300 rows read', { timeoutMs: 60_000 });
        await pg.stop();
        await until(() => (c.progress().frontier.queues.retrying ?? 0) > 0, 'a fetch failing and waiting to be retried', { timeoutMs: 60_000 });
        await pg.start();
      })();
    });
    await restart;
    expect(run.result.exitStatus).to.equal('FINISHED');
    const ids = idsOf(run.documents);
    expect(ids.length, `${ids.length} of 2,000 rows; failures: ${run.crawlLog.split('\n').filter((l) => / -\d+ /.test(l)).slice(0, 5).join('\n')}`)
      .to.equal(2000);
    expect(new Set(ids).size).to.equal(2000);
    // Each failed try is in nonfatal-errors.log; crawl.log has each URI once, as it ended (200).
    const retried = / -[23] .*postgresql:.*err:(57P01|57P03|ECONNREFUSED|ECONNRESET|CONNECTION_TERMINATED)/;
    expect(run.tries, `a try failed and was retried: ${run.tries.slice(0, 1500)}`).to.match(retried);
    expect(run.crawlLog.split('\n').filter((l) => / -\d+ /.test(l)), 'no URI ended in a failure').to.deep.equal([]);
    // The listing's snapshot went with its connection: its last page says it could not be checked, and why.
    expect(run.alerts).to.match(/WARNING .*table restarted .* could not be checked against count\(\*\): its snapshot was lost/);
  });

  it('reads a 20 MB row as a 1 MB prefix (maxRowBytes), annotated, and the crawl goes on', async () => {
    await pg.query('CREATE TABLE wide (id integer PRIMARY KEY, body text NOT NULL)');
    await pg.query('INSERT INTO wide VALUES (1, \'one\'), (2, repeat(\'x\', 20000000)), (3, \'three\')');
    const run = await crawl(seedOf('wide', '&content=body'), ['fetchTable.maxRowBytes=1048576']);
    expect(run.result.exitStatus).to.equal('FINISHED');
    expect(idsOf(run.documents)).to.deep.equal([1, 2, 3]);
    expect(run.crawlLog).to.match(/ 200 +1048576 .*\/wide\/2\?.*lenTrunc/);
  });
});
