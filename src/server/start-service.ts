import { availableParallelism } from 'node:os';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { packageRoot } from '../util/package-root.js';
import { AccessGuard, newToken } from './access-guard.js';
import { EventHub } from './event-hub.js';
import { JobRunner } from './job-runner.js';
import { PasswordFile } from './password-file.js';
import { serviceApp, type TlsFiles } from './service-app.js';
import { serviceDir } from './service-intents.js';
import { profilesDir } from './job-summaries.js';
import type { Confinement } from '../util/confinement.js';

export interface ServeOptions {
  readonly jobsDir: string;
  /** 127.0.0.1 unless said; another address needs TLS or `insecureHttp`. */
  readonly bind?: string;
  /** 0 takes a free port. */
  readonly port?: number;
  /** Crawls at once; the number of cores unless said. */
  readonly maxRunning?: number;
  readonly tlsCert?: string;
  readonly tlsKey?: string;
  readonly insecureHttp?: boolean;
  readonly passwordFile?: string;
  /** Host names the service answers to besides loopback and the bound address. */
  readonly allowHosts?: readonly string[];
  /** Between two looks at the running crawls. */
  readonly tickMs?: number;
  /** Folders jobs may name paths in besides their own (`--data-dir`). */
  readonly dataDirs?: readonly string[];
  /** Folders jobs may crawl `file:` URIs under (`--allow-file-root`). */
  readonly allowFileRoots?: readonly string[];
  /** Environment variables bean files may read in placeholders (`--allow-env`). */
  readonly allowEnv?: readonly string[];
  /** No confinement: bean files reach what this user can (`--trust-bean-files`). */
  readonly trustBeanFiles?: boolean;
}

/** A service that runs. */
export interface RunningService {
  /** The URL to open, with the token. */
  readonly url: string;
  readonly token: string;
  readonly port: number;
  /** Stops the service's crawls (to be resumed at its next start) and the HTTP server. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** The file that holds the running service's URL and token, readable by its user only. */
export function serviceFile(jobsDir: string): string {
  return join(serviceDir(jobsDir), 'service.json');
}

/** What the service's jobs may reach: their folders, the operator's data folders and file roots, the profiles, the variables named. */
function jobConfinement(jobsDir: string, options: ServeOptions): Confinement {
  const root = packageRoot();
  return {
    dataRoots: (options.dataDirs ?? []).map((d) => resolve(d)), fileRoots: (options.allowFileRoots ?? []).map((d) => resolve(d)),
    importRoots: [join(root, 'profiles'), join(root, 'sheets'), profilesDir(jobsDir)], env: [...(options.allowEnv ?? [])],
  };
}

/**
 * Starts `beancrawl serve`: the HTTP API over a jobs folder, and the runner that hosts its crawls.
 * The token is new at every start, written (mode 0600) to JOBS/.beancrawl/service.json.
 */
export async function startService(options: ServeOptions): Promise<RunningService> {
  const bind = options.bind ?? '127.0.0.1';
  if (!LOOPBACK.has(bind) && !(options.tlsCert && options.tlsKey) && !options.insecureHttp) {
    throw new BeancrawlError([{ code: 'BC_SERVE_EXPOSED', message: `--bind ${bind} reaches beyond this machine: give --tls-cert and --tls-key, or ` +
      `say --insecure-http` }]);
  }
  if (Boolean(options.tlsCert) !== Boolean(options.tlsKey)) throw new BeancrawlError([{ code: 'BC_SERVE_EXPOSED', message: '--tls-cert and ' +
    '--tls-key go together' }]);
  const jobsDir = resolve(options.jobsDir);
  await mkdir(serviceDir(jobsDir), { recursive: true });
  const tls: TlsFiles | undefined = options.tlsCert && options.tlsKey ? { cert: await readFile(options.tlsCert), key: await readFile(options.tlsKey) } : undefined;
  const token = newToken();
  const passwords = options.passwordFile ? await PasswordFile.read(options.passwordFile) : undefined;
  const events = new EventHub();
  const runner = new JobRunner({
    jobsDir, events, confinement: options.trustBeanFiles ? undefined : jobConfinement(jobsDir, options), maxRunning: options.maxRunning ?? availableParallelism(), cli: [process.execPath, join(packageRoot(), 'bin', 'beancrawl.js')], tickMs: options.tickMs,
  });
  const guard = new AccessGuard({ token, allowedHosts: [bind, ...(options.allowHosts ?? [])], passwords });
  const app = await serviceApp({ jobsDir, runner, events, guard, tls: tls !== undefined, maxEventStreams: 64 }, tls);
  const port0 = options.port ?? 8443;
  await app.listen({ host: bind, port: port0 }).catch((e: NodeJS.ErrnoException) => {
    const why = e.code === 'EADDRINUSE' ? 'is in use' : e.code === 'EACCES' ? 'needs rights this user lacks' : e.code === 'EADDRNOTAVAIL' ? 'is ' +
      'not an address of this machine' : undefined;
    if (!why) throw e;
    throw new BeancrawlError([{ code: 'BC_SERVE_LISTEN', message: `${bind}:${port0} ${why}: choose another --port (0 takes a free ` +
      `one)${e.code === 'EADDRNOTAVAIL' ? ' or --bind' : ''}` }]);
  });
  const port = (app.server.address() as AddressInfo).port;
  const host = bind.includes(':') ? `[${bind}]` : bind;
  const base = `${tls ? 'https' : 'http'}://${host}:${port}`;
  const file = serviceFile(jobsDir);
  await writeFile(file, `${JSON.stringify({ url: `${base}/`, token, pid: process.pid, startedAt: new Date().toISOString() }, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  try {
    await runner.start();
  } catch (e) {
    await app.close();
    throw e;
  }
  return {
    url: `${base}/?token=${token}`, token, port,
    close: async () => {
      await runner.stop();
      // After the crawls' last events: the streams that told them end, so that the server can close.
      events.close();
      await app.close();
      await rm(file, { force: true });
    },
  };
}
