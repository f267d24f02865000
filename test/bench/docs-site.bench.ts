/**
 * A real documentation site served by nginx from loopback (PostgreSQL 15's HTML manual, about
 * 1,170 pages: `apt-get install nginx-light postgresql-doc-15`), crawled by `beancrawl launch` of a job made by `beancrawl create`
 * with profiles/site-mirror and zero politeness delays, against the bare undici + htmlparser2
 * loop on the same site. Target: beancrawl within 1.5× of the bare loop's wall time.
 * Usage: node docs-site.bench.js [html folder]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const BIN = join(HERE, '..', '..', '..', 'bin', 'beancrawl.js');
const DOCS = process.argv[2] ?? '/usr/share/doc/postgresql-doc-15/html';
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

if (!NGINX || !existsSync(join(DOCS, 'index.html'))) {
  console.log(`skipped: needs nginx and ${DOCS}/index.html (apt-get install nginx-light postgresql-doc-15)`);
  process.exit(0);
}

const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = (s.address() as { port: number }).port;
    s.close(() => resolve(p));
  });
});
const work = mkdtempSync(join(tmpdir(), 'beancrawl-docs-bench-'));
writeFileSync(join(work, 'nginx.conf'), `worker_processes 1; daemon off; pid ${work}/nginx.pid; error_log ${work}/error.log;
events { worker_connections 1024; }
http { access_log off; include /etc/nginx/mime.types; keepalive_timeout 60s; keepalive_requests 100000;
  server { listen 127.0.0.1:${port}; root ${DOCS}; } }
`);
const nginx = spawn(NGINX, ['-c', join(work, 'nginx.conf'), '-p', work], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 300));

function timed(args: string[]): { wall: number; cpu: number; rssMb: number; stdout: string } {
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
  if (!m) throw new Error(`no timing: ${r.stderr.slice(-2000)}`);
  return { wall: Number(m[1]), cpu: Number(m[2]) + Number(m[3]), rssMb: Number(m[4]) / 1024, stdout: r.stdout };
}

try {
  const seed = `http://127.0.0.1:${port}/index.html`;
  const job = join(work, 'job');
  spawnSync(process.execPath, [BIN, 'create', job, '--profile', 'site-mirror', '--seed', seed, '--contact', 'http://example.org/bench'], { stdio: 'ignore' });
  const crawl = timed([BIN, 'launch', job, '--set', 'disposition.delayFactor=0', '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=0']);
  const log = readFileSync(join(job, 'latest', 'logs', 'crawl.log'), 'utf8').split('\n').filter(Boolean);
  const ok = log.filter((l) => / 200 /.test(l.slice(24, 40))).length;
  const bare = timed([join(HERE, 'bare-loop.js'), seed, '1']);
  const barePages = Number(/PAGES (\d+)/.exec(bare.stdout)![1]);
  console.log(`Documentation site ${DOCS} served by nginx (1 worker) on loopback; whole processes, GNU time.`);
  console.log('| run | pages | wall s | pages/s | CPU s | peak RSS MB |');
  console.log('|---|---|---|---|---|---|');
  console.log(`| beancrawl launch (site-mirror, delays 0) | ${ok} (200s of ${log.length} lines) | ${crawl.wall.toFixed(2)} | ${(ok / crawl.wall).toFixed(0)} | ${crawl.cpu.toFixed(2)} | ${crawl.rssMb.toFixed(0)} |`);
  console.log(`| bare undici + htmlparser2 loop | ${barePages} | ${bare.wall.toFixed(2)} | ${(barePages / bare.wall).toFixed(0)} | ${bare.cpu.toFixed(2)} | ${bare.rssMb.toFixed(0)} |`);
  console.log(`beancrawl / bare loop wall time: ${(crawl.wall / bare.wall).toFixed(2)}× (target ≤ 1.5×)`);
} finally {
  nginx.kill();
  rmSync(work, { recursive: true, force: true });
}
