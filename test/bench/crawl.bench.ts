/**
 * Crawl speed and memory: the synthetic site (default 20,000 pages, ~8 KB, ~11 links) served
 * from a separate process, crawled by `beancrawl launch` with profiles/site-mirror unchanged but
 * for zero politeness delays; and the bare undici + htmlparser2 loop on the same site.
 * Prints pages/s, CPU seconds and peak RSS (GNU time). Usage: node crawl.bench.js [pages]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
const BIN = join(ROOT, 'bin', 'beancrawl.js');
const pages = process.argv[2] ?? '20000';
/** The profile crawled (PROFILE=default measures the WARC writer and receivers too). */
const profile = process.env.PROFILE ?? 'site-mirror';

function startServer(): Promise<{ port: number; stop(): void }> {
  const child = spawn(process.execPath, [join(HERE, 'site-server-process.js'), pages], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout.setEncoding('utf8').once('data', (d: string) => resolve({ port: Number(/PORT (\d+)/.exec(d)![1]), stop: () => child.kill() }));
  });
}

interface Measured { wall: number; cpu: number; rssMb: number; stdout: string }

function timed(args: string[]): Measured {
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
  if (!m) throw new Error(`no timing: ${r.stderr.slice(-2000)}`);
  return { wall: Number(m[1]), cpu: Number(m[2]) + Number(m[3]), rssMb: Number(m[4]) / 1024, stdout: r.stdout };
}

const server = await startServer();
const seed = `http://127.0.0.1:${server.port}/`;
const work = mkdtempSync(join(tmpdir(), 'beancrawl-bench-'));
try {
  const job = join(work, 'job');
  spawnSync(process.execPath, [BIN, 'create', job, '--profile', profile, '--seed', seed, '--contact', 'http://example.org/bench'], { stdio: 'ignore' });
  const crawl = timed([BIN, 'launch', job, '--set', 'disposition.delayFactor=0', '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=0']);
  const log = readFileSync(join(job, 'latest', 'logs', 'crawl.log'), 'utf8').split('\n').filter(Boolean);
  const ok = log.filter((l) => / 200 /.test(l.slice(24, 40))).length;
  const bare1 = timed([join(HERE, 'bare-loop.js'), seed, '1']);
  const bare8 = timed([join(HERE, 'bare-loop.js'), seed, '8']);
  const bare1Pages = Number(/PAGES (\d+)/.exec(bare1.stdout)![1]);
  const bare8Pages = Number(/PAGES (\d+)/.exec(bare8.stdout)![1]);
  console.log(`Synthetic site: ${pages} pages, served from a separate process on loopback; whole processes, GNU time.`);
  console.log('| run | pages | wall s | pages/s | CPU s | peak RSS MB |');
  console.log('|---|---|---|---|---|---|');
  console.log(`| beancrawl launch (${profile}, LevelFrontier, delays 0) | ${ok} (200s of ${log.length} lines) | ${crawl.wall.toFixed(2)} | ${(ok / crawl.wall).toFixed(0)} | ${crawl.cpu.toFixed(2)} | ${crawl.rssMb.toFixed(0)} |`);
  console.log(`| bare undici + htmlparser2 loop, 1 in flight | ${bare1Pages} | ${bare1.wall.toFixed(2)} | ${(bare1Pages / bare1.wall).toFixed(0)} | ${bare1.cpu.toFixed(2)} | ${bare1.rssMb.toFixed(0)} |`);
  console.log(`| bare undici + htmlparser2 loop, 8 in flight | ${bare8Pages} | ${bare8.wall.toFixed(2)} | ${(bare8Pages / bare8.wall).toFixed(0)} | ${bare8.cpu.toFixed(2)} | ${bare8.rssMb.toFixed(0)} |`);
  console.log(`beancrawl wall time / bare loop (1 in flight): ${(crawl.wall / bare1.wall).toFixed(2)}×`);
} finally {
  server.stop();
  rmSync(work, { recursive: true, force: true });
}
