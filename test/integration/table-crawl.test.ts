import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchJob } from '../../src/job/launch-job.js';
import { PostgresServer } from '../support/postgres-server.js';
import { requireServer } from '../support/require-server.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

interface Line { kind: string; url: string; displayUrl?: string; title?: string; content?: string }

describe('crawling a database table, twice (the database-table profile, a real PostgreSQL)', function () {
  this.timeout(120_000);
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
});
