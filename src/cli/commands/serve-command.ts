import { EXIT_OK } from '../../util/exit-codes.js';
import { openResourcesLine } from '../../util/open-resources.js';
import { defineCommand } from '../cli-command.js';
import { UsageError } from '../usage-error.js';

/** How often a stop that takes long says what is still open. */
const STILL_STOPPING_MS = 10_000;
/** How long the process may stay once the service has stopped before it says what holds it and quits. */
const HELD_OPEN_MS = 2_000;

const integer = (min: number) => (v: string) => (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= 65535 ? undefined : `expected a whole number from ${min}`);

/** `beancrawl serve`: every job of a jobs folder behind a REST API, until Ctrl-C. */
export const serveCommand = defineCommand({
  names: ['serve'],
  options: {
    'jobs-dir': { value: 'DIR', description: 'the jobs folder (default ./jobs)' },
    bind: { value: 'ADDR', description: 'the address to listen on (default 127.0.0.1)' },
    port: { value: 'N', description: 'the port (default 8443; 0 takes a free one)', check: integer(0) },
    'max-running': { value: 'N', description: 'crawls at once; more launches wait (default: cores)', check: integer(1) },
    'tls-cert': { value: 'FILE', description: 'serve HTTPS with this certificate (PEM)' },
    'tls-key': { value: 'FILE', description: 'and this key (PEM)' },
    'insecure-http': { description: 'allow plain HTTP on an address beyond loopback' },
    'password-file': { value: 'FILE', description: 'users for Basic/Digest (htdigest format, realm beancrawl)' },
    'allow-host': { value: 'NAME', repeatable: true, description: 'a Host name to answer besides loopback' },
    'data-dir': { value: 'DIR', repeatable: true, description: 'a folder jobs may write to and read from besides their own' },
    'allow-file-root': { value: 'DIR', repeatable: true, description: 'a folder jobs may crawl (file: seeds and links)' },
    'allow-env': { value: 'NAME', repeatable: true, description: 'an environment variable bean files may read in placeholders' },
    'trust-bean-files': { description: 'let bean files reach anything this user can (a single-user machine)' },
  },
  summary: 'Run every job of a jobs folder as a service with a REST API.',
  details: 'Prints the URL to open (with its access token) as its first line, and writes it to '
    + 'JOBS/.beancrawl/service.json (mode 0600). Each crawl runs in a process of its own; crawls '
    + 'started with launch elsewhere show up too. Ctrl-C (or SIGTERM) stops the crawls to be '
    + 'resumed at the next start; twice quits at once. The API: /api/v1/openapi.json. A job is '
    + 'confined to its folder: the paths its beans name, its imports (the job\'s and the profiles), '
    + 'its file: URIs (--allow-file-root) and the environment its placeholders read (--allow-env); '
    + '--trust-bean-files lifts that.',
  async run({ options }, io) {
    if (options.bind && !['127.0.0.1', '::1', 'localhost'].includes(options.bind) && !options['tls-cert'] && !options['insecure-http']) {
      throw new UsageError(`--bind ${options.bind} reaches beyond this machine: add --tls-cert FILE --tls-key FILE, or --insecure-http`);
    }
    const { startService } = await import('../../server/start-service.js');
    const service = await startService({
      jobsDir: options['jobs-dir'] ?? 'jobs', bind: options.bind, port: options.port === undefined ? undefined : Number(options.port),
      maxRunning: options['max-running'] === undefined ? undefined : Number(options['max-running']),
      tlsCert: options['tls-cert'], tlsKey: options['tls-key'], insecureHttp: options['insecure-http'], passwordFile: options['password-file'], allowHosts: options['allow-host'],
      dataDirs: options['data-dir'], allowFileRoots: options['allow-file-root'], allowEnv: options['allow-env'], trustBeanFiles: options['trust-bean-files'],
    });
    io.out(service.url);
    io.err(`serving ${options['jobs-dir'] ?? 'jobs'}; Ctrl-C stops (running crawls are stopped to be resumed at the next start)`);
    await new Promise<void>((resolve) => {
      let stops = 0;
      const stop = () => {
        if (++stops > 1) process.exit(130);
        io.err('stopping: the crawls finish their URIs in flight and stop, to be resumed (Ctrl-C again to quit at once)');
        const began = Date.now();
        const waiting = setInterval(() => io.err(`still stopping after ${Math.round((Date.now() - began) / 1000)} s; open: ` +
          `${openResourcesLine()}`), STILL_STOPPING_MS);
        waiting.unref();
        void service.close().then(resolve, (e: unknown) => {
          io.err(`beancrawl serve: ${(e as Error).message}`);
          resolve();
        }).finally(() => clearInterval(waiting));
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    // Stopped: the process ends once nothing is left open. Should something be (a bug), it says what, and ends anyway.
    setTimeout(() => {
      io.err(`beancrawl serve: stopped, but still held open by: ${openResourcesLine()}; quitting`);
      process.exit();
    }, HELD_OPEN_MS).unref();
    return EXIT_OK;
  },
});
