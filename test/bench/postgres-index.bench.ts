/**
 * The cost of a PostgreSQL index: the synthetic site (default 5,000 pages of about 8 KB) served
 * from a separate process, crawled by `beancrawl launch` with profiles/site-search (delays 0, a
 * fresh job and table each run) in two variants run alternately: `index` (the profile as it is,
 * a PostgresIndexReceiver writing into a throw-away cluster started here) and `none` (the same
 * bean file with the receivers taken out of the disposition chain). Prints pages/s per run and
 * the medians, checks that every page landed in the table, then the receiver alone: rows/s of
 * PostgresIndexReceiver fed the site's pages in-process (with a LevelStateStore committing every
 * 25 ms, as in a crawl), until its last batch is applied.
 * Usage: node dist/test/bench/postgres-index.bench.js [pages] [runsPerVariant] [rowsForReceiverAlone]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_INDEX_MAPPING } from '../../src/components/receivers/postgres-index-options.js';
import { PostgresIndexReceiver } from '../../src/components/receivers/postgres-index-receiver.js';
import { levelStore } from '../support/level-store.js';
import { PostgresServer } from '../support/postgres-server.js';
import { median, timed, type Measured } from './measure.js';
import { BIN, CONTACT, readCrawlLog, ZERO_DELAYS } from './runners/beancrawl.js';
import { serveSynthetic } from './sites.js';
import { DEFAULT_SHAPE, sitePage, type SiteShape } from './synthetic-site.js';

const pages = Number(process.argv[2] ?? 5000);
const runs = Number(process.argv[3] ?? 3);
const alone = Number(process.argv[4] ?? 20_000);
const shape: SiteShape = { ...DEFAULT_SHAPE, pages };

type Variant = 'index' | 'none';
interface Run { variant: Variant; n: number; ok: number; rows?: number; m: Measured }

function run(cmd: string[], env: NodeJS.ProcessEnv): Measured {
  const m = timed(process.execPath, [BIN, ...cmd], { env });
  if (m.status !== 0) throw new Error(`beancrawl ${cmd[0]} exited ${m.status}:\n${m.stdout.slice(-2000)}${m.stderr.slice(-2000)}`);
  return m;
}

/** A site-search job; for `none`, without the receivers in the disposition chain (and without the beans, so none starts). */
function makeJob(dir: string, variant: Variant, seed: string, table: string, env: NodeJS.ProcessEnv): void {
  run(['create', dir, '--profile', 'site-search', '--seed', seed, '--contact', CONTACT], env);
  const file = join(dir, 'crawler-beans.xml');
  let xml = readFileSync(file, 'utf8').replace('index.table=documents\n', `index.table=${table}\n`);
  if (variant === 'none') {
    xml = xml.replace(/index\.\w+=.*\n/g, '').replace(/ <bean id="index"[\s\S]*?<\/bean>\n <bean id="receivers"[\s\S]*?\n <\/bean>\n/, '').replace(/\s*<ref bean="receivers"\/>/, '');
    if (/PostgresIndexReceiver|bean="receivers"/.test(xml)) throw new Error('the site-search profile changed: its receivers could not be taken out');
  }
  writeFileSync(file, xml);
}

const pg = await PostgresServer.create();
const env = { ...process.env, ...pg.env };
const server = await serveSynthetic(shape);
const work = mkdtempSync(join(tmpdir(), 'beancrawl-pgindex-bench-'));
const results: Run[] = [];
let aloneRate = NaN;
let aloneSeconds = NaN;
try {
  for (let n = 1; n <= runs; n++) {
    const order: Variant[] = n % 2 ? ['index', 'none'] : ['none', 'index'];
    for (const variant of order) {
      const job = join(work, `${variant}-${n}`);
      const table = `bench_${variant}_${n}`;
      makeJob(job, variant, server.seed, table, env);
      const m = run(['launch', job, ...ZERO_DELAYS], env);
      const log = readCrawlLog(join(job, 'latest', 'logs', 'crawl.log'));
      const rows = variant === 'index' ? Number((await pg.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n) : undefined;
      console.log(`  ${variant} #${n}: ${log.ok} pages in ${m.wall.toFixed(2)} s${rows !== undefined ? `, ${rows} rows` : ''}`);
      results.push({ variant, n, ok: log.ok, rows, m });
      rmSync(job, { recursive: true, force: true });
    }
  }

  // The receiver alone: the site's pages as documents, fed as fast as its backpressure lets them in.
  const dir = mkdtempSync(join(work, 'alone-'));
  const store = levelStore(join(dir, 'state'), 25);
  await store.start();
  const receiver = new PostgresIndexReceiver({
    connectionString: pg.connectionString, table: 'bench_alone', textSearchConfig: 'simple', mapping: DEFAULT_INDEX_MAPPING, maxTextChars: 200_000,
    batchSize: 200, maxBatchDelayMs: 1000, maxPendingBatches: 50, retryInitialDelayMs: 500, retryMaxDelayMs: 30_000, connectTimeoutMs: 10_000,
    statementTimeoutMs: 60_000, stopTimeoutMs: 600_000, stateStore: store, loggerModule: undefined,
  });
  receiver.beanName = 'index';
  await receiver.start();
  const bodies = Array.from({ length: Math.min(alone, pages) }, (_, i) => Buffer.from(sitePage(i, shape)));
  const began = process.hrtime.bigint();
  for (let i = 0; i < alone; i++) {
    const content = bodies[i % bodies.length];
    const held = receiver.documentNew({
      url: `${server.origin}/p/${i}.html`, mimeType: 'text/html', contentType: 'text/html; charset=utf-8', charset: 'utf-8', size: content.length, content,
      status: 200, fetchTime: new Date(), hopsPath: 'L', isSeed: false, outlinks: [], digest: `sha1:${i}`,
    });
    if (held) await held;
  }
  await receiver.stop();
  aloneSeconds = Number(process.hrtime.bigint() - began) / 1e9;
  await store.stop();
  const [{ n: rows }] = await pg.query<{ n: string }>('SELECT count(*) AS n FROM bench_alone');
  if (Number(rows) !== alone) throw new Error(`the receiver alone left ${rows} rows of ${alone}`);
  aloneRate = alone / aloneSeconds;
} finally {
  await server.stop();
  await pg.close();
  rmSync(work, { recursive: true, force: true });
}

console.log(`\n${server.description}; beancrawl launch, site-search profile, delays 0; whole processes, GNU time; PostgreSQL ` +
  `${pg.bin.split('/').at(-2)} on loopback (fsync off).`);
console.log('| variant | run | pages (200s) | rows | wall s | pages/s | CPU s | peak RSS MB |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.variant} | ${r.n} | ${r.ok} | ${r.rows ?? '–'} | ${r.m.wall.toFixed(2)} | ${(r.ok / r.m.wall).toFixed(0)} | ` +
    `${r.m.cpu.toFixed(2)} | ${r.m.rssMb.toFixed(0)} |`);
}
const rate = (v: Variant) => median(results.filter((r) => r.variant === v).map((r) => r.ok / r.m.wall));
const withIndex = rate('index');
const without = rate('none');
console.log(`median pages/s: into the index ${withIndex.toFixed(0)}, no receiver ${without.toFixed(0)} (the index costs ` +
  `${((1 - withIndex / without) * 100).toFixed(1)} %)`);
const short = results.filter((r) => r.variant === 'index' && r.rows !== r.ok - 1);
console.log(short.length === 0 ? 'every page crawled is a row (the 200s less robots.txt)' : `rows MISSING: ${short.map((r) => `#${r.n} ` +
  `${r.rows}/${r.ok - 1}`).join(', ')}`);
console.log(`receiver alone: ${alone} rows of about ${(shape.pageBytes / 1024).toFixed(0)} KB in ${aloneSeconds.toFixed(2)} s = ` +
  `${aloneRate.toFixed(0)} rows/s (batches of 200, a LevelStateStore committing every 25 ms)`);
