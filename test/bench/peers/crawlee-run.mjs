/**
 * Crawlee's CheerioCrawler on one site, for test/bench/side-by-side.bench.ts: starts at START_URL
 * and follows every `<a href>` on the same origin (enqueueLinks, strategy same-origin), with no
 * politeness delay and robots.txt not consulted (Crawlee's defaults), until the queue is empty.
 *
 * Usage: node crawlee-run.mjs START_URL [--mode memory|storage] [--concurrency N] [--urls FILE]
 *          [--start URL]… [--strategy same-origin|all] [--same-domain-delay-secs S] [--retries N]
 *   --mode memory   MemoryStorage with persistStorage false: nothing written, nothing resumable
 *   --mode storage  Crawlee's default storage (request queue and key-value store persisted as
 *                   files, resumable), in CRAWLEE_STORAGE_DIR (the caller points it at a temp dir)
 *   --urls FILE     writes `status<TAB>content-type<TAB>url` for every page handled
 *   --start URL     another start URL (repeatable; many-hosts.bench.ts starts on a few hosts)
 *   --strategy      enqueueLinks' strategy: same-origin (default) or all (every host)
 *   --same-domain-delay-secs S   Crawlee's sameDomainDelaySecs (default 0): its only per-site
 *                   politeness, keyed by tldts.getDomain(url), which is null for an IP literal
 *   --retries N     maxRequestRetries (default 1)
 * Prints `PAGES <handled> FAILED <failed>` at the end. The autoscaled pool runs between 10 and
 * --concurrency (default 50) requests at once, as in the measurements the issue quotes; a failed
 * request is retried once (Crawlee's default is 3), which on loopback only matters for errors.
 *
 * Plain JavaScript on purpose: it is not compiled by the repository's tsc, and it resolves
 * @crawlee/cheerio from test/bench/peers/node_modules (installed by install.mjs beside it).
 */
import { createWriteStream } from 'node:fs';
import { CheerioCrawler, Configuration, log } from '@crawlee/cheerio';

const args = process.argv.slice(2);
const start = args[0];
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const mode = opt('--mode', 'memory');
const concurrency = Number(opt('--concurrency', '50'));
const urlsFile = opt('--urls');
const strategy = opt('--strategy', 'same-origin');
const sameDomainDelaySecs = Number(opt('--same-domain-delay-secs', '0'));
const retries = Number(opt('--retries', '1'));
const starts = [start, ...args.flatMap((a, i) => (a === '--start' ? [args[i + 1]] : []))];
if (!start || !/^https?:/.test(start) || !['memory', 'storage'].includes(mode)) {
  process.stderr.write('usage: node crawlee-run.mjs START_URL [--mode memory|storage] [--concurrency N] [--urls FILE] [--start URL]… [--strategy ' +
    'same-origin|all] [--same-domain-delay-secs S] [--retries N]\n');
  process.exit(2);
}

log.setLevel(log.LEVELS.WARNING);
const config = new Configuration({ persistStorage: mode === 'storage', purgeOnStart: true });
const urls = urlsFile ? createWriteStream(urlsFile) : undefined;
let failed = 0;

const crawler = new CheerioCrawler({
  // The autoscaled pool starts low and grows while CPU and event loop allow it, up to this.
  minConcurrency: Math.min(10, concurrency),
  maxConcurrency: concurrency,
  maxRequestRetries: retries,
  sameDomainDelaySecs,
  async requestHandler({ request, response, enqueueLinks }) {
    urls?.write(`${response.statusCode}\t${response.headers['content-type'] ?? ''}\t${request.loadedUrl ?? request.url}\n`);
    await enqueueLinks({ strategy });
  },
  failedRequestHandler() {
    failed++;
  },
}, config);

const stats = await crawler.run(starts);
if (urls) await new Promise((resolve) => urls.end(resolve));
process.stdout.write(`PAGES ${stats.requestsFinished} FAILED ${stats.requestsFailed || failed}\n`);
