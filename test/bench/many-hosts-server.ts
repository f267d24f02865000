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

/** The many-hosts site served by processes of their own (many-hosts-server-process.ts), so that its work is not the crawler's. */
export interface ManyHostsServer {
  port: number;
  /** The server processes: one per `hostsPerProcess` hosts. */
  children: ChildProcess[];
  /** Its counts so far (and zeroed after, with `reset`). */
  stats(reset?: boolean): Promise<ServerStats>;
  stop(): Promise<void>;
}

export interface ManyHostsServerOptions {
  /**
   * Hosts a process serves (5,000): each is a listening socket beside the connections it accepts,
   * and one process may hold only `ulimit -n` descriptors (20,000 on the machine the benches were
   * written on, and not raisable there), so 10,000 hosts take two processes on one port.
   */
  hostsPerProcess?: number;
  /** The servers' keepAliveTimeout (60,000 ms). */
  keepAliveMs?: number;
}

interface Shard { child: ChildProcess; port: number }

function startShard(shape: ManyHostsShape, first: number, count: number, port: number, keepAliveMs: number): Promise<Shard> {
  const child = spawn(process.execPath, [join(HERE, 'many-hosts-server-process.js'), String(shape.hosts), String(shape.pagesPerHost), String(shape.links),
    String(shape.pageBytes), String(first), String(count)],
  { stdio: ['ignore', 'pipe', 'inherit', 'ipc'], env: { ...process.env, MANY_HOSTS_PORT: String(port), MANY_HOSTS_KEEP_ALIVE_MS: String(keepAliveMs) } });
  return new Promise((res, rej) => {
    let out = '';
    const onExit = (code: number | null) => rej(new Error(`many-hosts server (hosts ${first}…${first + count - 1}) exited (${code}) before it was ready`));
    child.once('exit', onExit);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (!m) return;
      child.off('exit', onExit);
      res({ child, port: Number(m[1]) });
    });
  });
}

const stop = (child: ChildProcess): Promise<void> => new Promise<void>((done) => {
  if (child.exitCode !== null || child.signalCode !== null) return done();
  child.once('exit', () => done());
  child.kill('SIGTERM');
});

/** Starts the site of `shape`; resolves once every address listens (all on one port). */
export async function startManyHostsServer(shape: ManyHostsShape, opts: ManyHostsServerOptions = {}): Promise<ManyHostsServer> {
  const per = Math.max(1, opts.hostsPerProcess ?? 5000);
  const keepAliveMs = opts.keepAliveMs ?? 60_000;
  const shards: Shard[] = [];
  try {
    // The first process picks the port; the others bind their addresses on it.
    for (let first = 0; first < shape.hosts; first += per) {
      shards.push(await startShard(shape, first, Math.min(per, shape.hosts - first), shards[0]?.port ?? 0, keepAliveMs));
    }
  } catch (e) {
    await Promise.all(shards.map((s) => stop(s.child)));
    throw e;
  }
  const ask = (child: ChildProcess, reset: boolean) => new Promise<ServerStats>((ok) => {
    child.once('message', (s) => ok(s as ServerStats));
    child.send(reset ? 'stats-reset' : 'stats');
  });
  return {
    port: shards[0].port, children: shards.map((s) => s.child),
    stats: async (reset = false) => {
      // Each process counts its own hosts, in order: their arrays joined are the site's.
      const parts = await Promise.all(shards.map((s) => ask(s.child, reset)));
      return { connections: parts.flatMap((p) => p.connections), requests: parts.flatMap((p) => p.requests), notFound: parts.reduce((a, p) => a + p.notFound, 0) };
    },
    stop: async () => {
      await Promise.all(shards.map((s) => stop(s.child)));
    },
  };
}
