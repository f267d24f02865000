/**
 * A large database table crawled with the database-table profile: ROWS rows (default 1,000,000)
 * made in a throw-away PostgreSQL cluster with generate_series, crawled by `beancrawl launch`
 * (delays 0), which reads the keys a page at a time and each row by its key. Prints rows/s and
 * the crawl's peak RSS (VmHWM, read from /proc while it runs): memory must stay bounded whatever
 * the table's size. Then a second, delta run over the unchanged table (every row unchanged).
 * Each run's documents are counted, and the last listing page's word on the table (`table:rows=N`
 * when its keys equal count(*) at the listing's snapshot, else `table:incomplete=LISTED/COUNTED`).
 * `[wideMb]`: one more row whose body is that many MB (a 600 MB row crashed the crawl before
 * maxRowBytes bounded what is read), to see the peak RSS stay bounded by maxRowBytes (16 MB).
 * Not a test: `node dist/test/bench/table.bench.js [rows] [pageSize] [wideMb]` after a build.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresServer } from '../support/postgres-server.js';
import { BIN, CONTACT, ROOT } from './runners/beancrawl.js';

const rows = Number(process.argv[2] ?? 1_000_000);
const pageSize = Number(process.argv[3] ?? 1000);
const wideMb = Number(process.argv[4] ?? 0);

/** The peak resident set of a process so far, kB (0 once it has gone). */
async function peakKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function launch(job: string, seed: string): Promise<{ seconds: number; peakMb: number }> {
  const start = performance.now();
  const child = spawn(process.execPath, [BIN, 'launch', job, '--set', `metadata.operatorContactUrl=${CONTACT}`, '--set', `seeds.textSource.value=${seed}`, '--set', `fetchTable.pageSize=${pageSize}`, '--set', 'crawlController.maxToeThreads=8'], { stdio: ['ignore', 'ignore', 'inherit'] });
  let peak = 0;
  const sampler = setInterval(() => void peakKb(child.pid!).then((kb) => (peak = Math.max(peak, kb))), 200);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`launch exited ${code}`);
  return { seconds: (performance.now() - start) / 1000, peakMb: peak / 1024 };
}

const pg = await PostgresServer.create();
const work = mkdtempSync(join(tmpdir(), 'beancrawl-table-bench-'));
try {
  await pg.query('CREATE TABLE items (id bigint PRIMARY KEY, title text NOT NULL, body text NOT NULL, updated_at timestamptz NOT NULL)');
  const made = performance.now();
  await pg.query(`INSERT INTO items SELECT g, 'item ' || g, repeat('lorem ipsum ', 20) || g, now() FROM generate_series(1, ${rows}) g`);
  if (wideMb > 0) await pg.query(`INSERT INTO items VALUES (${rows + 1}, 'wide', repeat('x', ${wideMb} * 1000000), now())`);
  console.log(`table: ${rows.toLocaleString('en-US')} rows made in ${((performance.now() - made) / 1000).toFixed(1)} s; pages of ${pageSize} keys`);
  const job = join(work, 'job');
  writeFileSync(join(work, 'beans.xml'), readFileSync(join(ROOT, 'profiles', 'database-table.xml'), 'utf8'));
  rmSync(job, { recursive: true, force: true });
  (await import('node:fs')).mkdirSync(job);
  writeFileSync(join(job, 'crawler-beans.xml'), readFileSync(join(work, 'beans.xml'), 'utf8'));
  const u = new URL(pg.connectionString);
  const seed = `postgresql://${u.username}@${u.host}/postgres?table=items&key=id&version=updated_at`;
  for (const run of ['first (every row new)', 'second (every row unchanged)']) {
    const r = await launch(job, seed);
    const latest = join(job, 'latest');
    const documents = readFileSync(join(latest, 'documents.jsonl'), 'utf8').split('\n').filter(Boolean).length;
    const word = /table:(rows=\d+|incomplete=\d+\/\d+|unchecked)/.exec(readFileSync(join(latest, 'logs', 'crawl.log'), 'utf8'))?.[0] ?? 'no check';
    console.log(`${run.padEnd(30)} ${(rows / r.seconds).toFixed(0).padStart(7)} rows/s  ${r.seconds.toFixed(1)} s  peak RSS ${r.peakMb.toFixed(0)} MB  ` +
      `${documents} documents  ${word}`);
  }
} finally {
  await pg.close();
  rmSync(work, { recursive: true, force: true });
}
