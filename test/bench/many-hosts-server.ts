import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ManyHostsShape } from './many-hosts-site.js';

const HERE = dirname(fileURLToPath(import.meta.url));

/** What the server counted: connections and requests by host, and the paths it did not know. */
export interface ServerStats {
  connections: number[];
  requests: number[];
  notFound: number;
}

/** The many-hosts site served by a process of its own (many-hosts-server-process.ts), so that its work is not the crawler's. */
export interface ManyHostsServer {
  port: number;
  child: ChildProcess;
  /** Its counts so far (and zeroed after, with `reset`). */
  stats(reset?: boolean): Promise<ServerStats>;
  stop(): Promise<void>;
}

/** Starts the site of `shape`; resolves once it listens. */
export function startManyHostsServer(shape: ManyHostsShape): Promise<ManyHostsServer> {
  const child = spawn(process.execPath, [join(HERE, 'many-hosts-server-process.js'), String(shape.hosts), String(shape.pagesPerHost), String(shape.links), String(shape.pageBytes)],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  return new Promise((res, rej) => {
    let out = '';
    const onExit = (code: number | null) => rej(new Error(`many-hosts server exited (${code}) before it was ready`));
    child.once('exit', onExit);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (!m) return;
      child.off('exit', onExit);
      res({
        port: Number(m[1]), child,
        stats: (reset = false) => new Promise<ServerStats>((ok) => {
          child.once('message', (s) => ok(s as ServerStats));
          child.send(reset ? 'stats-reset' : 'stats');
        }),
        stop: () => new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
      });
    });
  });
}
