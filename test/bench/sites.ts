/**
 * Sites for the crawl benchmarks, each served on 127.0.0.1 by a process of its own so that the
 * crawler measured and the server do not share an event loop:
 * - the deterministic synthetic site (synthetic-site.ts, served by site-server-process.js);
 * - a folder of static files (a real documentation site), served by nginx when it is installed
 *   (as docs-site.bench.ts does) or else by site-server-process.js --dir.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './measure.js';
import { DEFAULT_SHAPE, type SiteShape } from './synthetic-site.js';

const HERE = dirname(fileURLToPath(import.meta.url));
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
/** The documentation site of the issue: PostgreSQL 15's HTML manual (apt-get install postgresql-doc-15). */
export const PG_DOCS = '/usr/share/doc/postgresql-doc-15/html';

export interface Site {
  /** `synthetic`, `static (node)` or `static (nginx)`. */
  readonly kind: string;
  /** One line for the report. */
  readonly description: string;
  /** For JSON: the shape or folder. */
  readonly params: Record<string, unknown>;
  readonly origin: string;
  /** Where every crawler starts. */
  readonly seed: string;
  stop(): Promise<void>;
}

/** Stops a process started here: `signal`, then SIGKILL after 5 s. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((res) => {
    const t = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(t);
      res();
    });
    child.kill(signal);
  });
}

/** Starts the script `file` of this folder with `args` and resolves with the match of `ready` once its output has one. */
export function startReadyProcess(file: string, args: string[], ready: RegExp): Promise<{ match: RegExpExecArray; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(HERE, file), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((res, rej) => {
    let out = '';
    const onExit = (code: number | null) => rej(new Error(`${file} exited (${code}) before it was ready`));
    child.once('exit', onExit);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = ready.exec(out);
      if (m) {
        child.off('exit', onExit);
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        res({ match: m, child });
      }
    });
  });
}

/** Starts site-server-process.js with `args` and resolves once it printed its port. */
async function startServerProcess(args: string[]): Promise<{ port: number; child: ChildProcess }> {
  const { match, child } = await startReadyProcess('site-server-process.js', args, /PORT (\d+)/);
  return { port: Number(match[1]), child };
}

export async function serveSynthetic(shape: SiteShape = DEFAULT_SHAPE): Promise<Site> {
  const { port, child } = await startServerProcess([String(shape.pages), String(shape.links), String(shape.pageBytes)]);
  const origin = `http://127.0.0.1:${port}`;
  return {
    kind: 'synthetic',
    description: `synthetic site: ${shape.pages} pages, ${shape.links} links and about ${(shape.pageBytes / 1024).toFixed(0)} KB each, served from ` +
      `memory by a Node process of its own`,
    params: { ...shape },
    origin,
    seed: `${origin}/`,
    stop: () => stopChild(child),
  };
}

async function waitForPort(port: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((res) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        res(true);
      });
      s.once('error', () => res(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nothing listens on 127.0.0.1:${port} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export type StaticServer = 'auto' | 'nginx' | 'node';

/**
 * Serves `folder` on loopback: nginx (one worker, access log off, keep-alive) when `server` is
 * nginx, or auto and nginx is installed; site-server-process.js --dir otherwise. The seed is
 * `seedPath` (by default /index.html when the folder has one, else /).
 */
export async function serveStatic(folder: string, server: StaticServer = 'auto', seedPath?: string): Promise<Site> {
  const dir = resolve(folder);
  if (!existsSync(dir)) throw new Error(`no folder ${dir}`);
  const path = seedPath ?? (existsSync(join(dir, 'index.html')) ? '/index.html' : '/');
  const useNginx = server === 'nginx' || (server === 'auto' && NGINX !== undefined);
  if (useNginx && !NGINX) throw new Error('nginx is not installed (apt-get install nginx-light)');
  if (!useNginx) {
    const { port, child } = await startServerProcess(['--dir', dir]);
    const origin = `http://127.0.0.1:${port}`;
    return {
      kind: 'static (node)', description: `${dir} served by a Node static file server of its own (node:http, readFile)`,
      params: { dir, server: 'node' }, origin, seed: origin + path, stop: () => stopChild(child),
    };
  }
  const port = await freePort();
  const work = mkdtempSync(join(tmpdir(), 'beancrawl-bench-nginx-'));
  writeFileSync(join(work, 'nginx.conf'), `worker_processes 1; daemon off; pid ${work}/nginx.pid; error_log ${work}/error.log;
events { worker_connections 1024; }
http { access_log off; include /etc/nginx/mime.types; default_type application/octet-stream; keepalive_timeout 60s; keepalive_requests 100000;
  server { listen 127.0.0.1:${port}; root ${dir}; } }
`);
  const child = spawn(NGINX!, ['-c', join(work, 'nginx.conf'), '-p', work], { stdio: 'ignore' });
  try {
    await waitForPort(port, 5000);
  } catch (e) {
    await stopChild(child);
    rmSync(work, { recursive: true, force: true });
    throw e;
  }
  const origin = `http://127.0.0.1:${port}`;
  return {
    kind: 'static (nginx)', description: `${dir} served by nginx (1 worker, keep-alive, access log off)`,
    params: { dir, server: 'nginx' }, origin, seed: origin + path,
    stop: async () => {
      await stopChild(child, 'SIGQUIT');
      rmSync(work, { recursive: true, force: true });
    },
  };
}
