import { expect } from 'chai';
import { PostgresServer } from '../../../test/support/postgres-server.js';
import { requireServer } from '../../../test/support/require-server.js';
import type { KeyPage, TableSource } from '../../model/table-driver.js';
import { PostgresTableDriver } from './postgres-table-driver.js';

/** Rows of each key type: a key column (or two) and the SQL that makes row `g` of generate_series. */
const KEY_TYPES: ReadonlyArray<{ type: string; columns: string; key: string[]; values: string }> = [
  { type: 'integer', columns: 'id integer PRIMARY KEY', key: ['id'], values: 'g' },
  { type: 'bigint', columns: 'id bigint PRIMARY KEY', key: ['id'], values: 'g * 1000000000::bigint' },
  { type: 'text', columns: 'id text PRIMARY KEY', key: ['id'], values: '\'k\' || g' },
  { type: 'uuid', columns: 'id uuid PRIMARY KEY', key: ['id'], values: 'md5(g::text)::uuid' },
  { type: 'timestamp', columns: 'id timestamp PRIMARY KEY', key: ['id'], values: 'timestamp \'2026-01-01\' + g * interval \'1 second 1 microsecond\'' },
  { type: 'composite (text, integer)', columns: 'region text, id integer, PRIMARY KEY (region, id)', key: ['region', 'id'], values: '\'r\' || (g % 7), g' },
];

describe('PostgresTableDriver (a real PostgreSQL)', function () {
  this.timeout(120_000);
  let pg: PostgresServer;
  let driver: PostgresTableDriver;
  let source: (table: string, key: string[]) => TableSource;

  before(async function () {
    requireServer(this, 'postgresql');
    pg = await PostgresServer.create();
    const u = new URL(pg.connectionString);
    source = (table, key) => ({ connection: { database: 'postgres', user: u.username, host: u.hostname, port: Number(u.port) }, table, key });
  });
  beforeEach(() => {
    driver = new PostgresTableDriver({ maxConnections: 2, connectTimeoutMs: 10_000, statementTimeoutMs: 30_000 });
  });
  afterEach(async () => {
    await driver.stop();
  });
  after(async () => {
    await pg?.close();
  });

  /** Every page of a listing, one after another as the crawl reads them. */
  async function listAll(s: TableSource, pageSize: number): Promise<{ keys: string[][]; last: KeyPage }> {
    const keys: string[][] = [];
    for (let after: string[] | undefined; ;) {
      const page = await driver.keysAfter(s, after, pageSize, `listing of ${s.table}`);
      keys.push(...page.keys);
      if (!page.more) return { keys, last: page };
      after = page.keys[page.keys.length - 1];
    }
  }

  for (const [i, k] of KEY_TYPES.entries()) {
    it(`lists every row of a table keyed by ${k.type}, in the key's own order, checked against count(*) at its snapshot`, async () => {
      const table = `keys_${i}`;
      await pg.query(`CREATE TABLE ${table} (${k.columns}, body text)`);
      // 2,500 rows, so that text order (1, 10, 100, 1000, …) and the key's order part at once.
      await pg.query(`INSERT INTO ${table} SELECT ${k.values}, 'row ' || g FROM generate_series(1, 2500) g`);
      const { keys, last } = await listAll(source(table, k.key), 100);
      const order = k.key.join(', ');
      const expected = (await pg.query<{ k: string[] }>(`SELECT ARRAY[${k.key.map((c) => `${c}::text`).join(', ')}] AS k FROM ${table} ORDER BY ${order}`))
        .map((r) => r.k);
      expect(keys.length, 'every row listed').to.equal(2500);
      expect(keys).to.deep.equal(expected);
      expect(last.check).to.deep.equal({ listed: 2500, counted: 2500, nullKeys: 0 });
      const row = await driver.row(source(table, k.key), keys[1234], 1024);
      const [expectedRow] = await pg.query<{ body: string }>(`SELECT body FROM ${table} ORDER BY ${order} OFFSET 1234 LIMIT 1`);
      expect(row?.values.body).to.equal(expectedRow.body);
    });
  }

  it('reads a listing at one snapshot: rows added and deleted while it is read change neither its keys nor its check', async () => {
    await pg.query('CREATE TABLE moving (id integer PRIMARY KEY)');
    await pg.query('INSERT INTO moving SELECT g FROM generate_series(1, 300) g');
    const s = source('moving', ['id']);
    const first = await driver.keysAfter(s, undefined, 100, 'moving');
    await pg.query('INSERT INTO moving SELECT g FROM generate_series(301, 400) g');
    await pg.query('DELETE FROM moving WHERE id > 250 AND id <= 300');
    const second = await driver.keysAfter(s, first.keys[99], 100, 'moving');
    const third = await driver.keysAfter(s, second.keys[99], 100, 'moving');
    expect([first.more, second.more, third.more]).to.deep.equal([true, true, false]);
    expect(third.keys.at(-1)).to.deep.equal(['300']);
    expect(third.check).to.deep.equal({ listed: 300, counted: 300, nullKeys: 0 });
  });

  it('says when a listing misses rows (a key that is not unique, a NULL key) and when it cannot be checked (begun mid-way)', async () => {
    await pg.query('CREATE TABLE loose (id integer, body text)');
    await pg.query('INSERT INTO loose VALUES (1, \'a\'), (2, \'b\'), (2, \'b again\'), (3, \'c\'), (NULL, \'no key\')');
    const loose = await listAll(source('loose', ['id']), 2);
    expect(loose.keys).to.deep.equal([['1'], ['2'], ['3']]);
    expect(loose.last.check).to.deep.equal({ listed: 3, counted: 5, nullKeys: 1 });
    const resumed = await driver.keysAfter(source('loose', ['id']), ['2'], 10, 'another listing');
    expect(resumed.check).to.have.property('unchecked').that.matches(/read by an earlier process \(a resumed crawl\)/);
  });

  it('reads no column beyond maxColumnBytes: a 20 MB text, bytes and JSON row read as 1 MB prefixes, each said cut', async () => {
    await pg.query('CREATE TABLE wide (id integer PRIMARY KEY, title text, body text, data bytea, doc jsonb)');
    await pg.query('INSERT INTO wide VALUES (1, \'small\', repeat(\'é\', 10000000), decode(repeat(\'ab\', 20000000), \'hex\'), ' +
      'jsonb_build_object(\'x\', repeat(\'y\', 20000000)))');
    await pg.query('INSERT INTO wide VALUES (2, \'small\', \'short\', \'\\x0102\', \'{"x": 1}\')');
    const before = process.memoryUsage().rss;
    const big = (await driver.row(source('wide', ['id']), ['1'], 1024 * 1024))!;
    const grew = process.memoryUsage().rss - before;
    expect(big.cut).to.deep.equal(['body', 'data', 'doc']);
    expect(big.values.title).to.equal('small');
    expect((big.values.body as string).length, '1 MiB characters of the text').to.equal(1024 * 1024);
    expect((big.values.data as Buffer).length).to.equal(1024 * 1024);
    expect(big.values.doc).to.be.a('string').with.length(1024 * 1024);
    expect(grew, `the process grew by ${(grew / 1e6).toFixed(0)} MB reading a 60 MB row`).to.be.below(40 * 1024 * 1024);
    const small = await driver.row(source('wide', ['id']), ['2'], 1024 * 1024);
    expect(small).to.deep.equal({ values: { id: 2, title: 'small', body: 'short', data: Buffer.from([1, 2]), doc: { x: 1 } }, cut: [] });
  });
});
