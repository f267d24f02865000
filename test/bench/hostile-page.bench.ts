/**
 * Hostile pages: what one pathological page costs the crawl. Four measurements, printed as Markdown:
 * 1. Parse time of deep pages (100,000 and 200,000 nested divs, 100,000 unclosed tables,
 *    100,000 unclosed `<table><tr><td>`): htmlparser2's Parser alone, as ExtractorHtml used it
 *    before (its open-element stack unbounded: quadratic), against ExtractorHtml now (no time budget,
 *    so the whole page). `--skip-before` leaves out the first column (it takes about a minute).
 * 2. The event loop while ExtractorHtml parses the worst page (200,000 nested divs, then an inline
 *    script that is quadratic to scan) under its default budget: the longest delay of the event
 *    loop (what a signal or the control socket would wait), the time spent, the outcome.
 * 3. Crawl throughput: `beancrawl launch` (site-mirror, no politeness delays, extractJavascript on)
 *    on a loopback site of PAGES normal pages, then on the same site with the worst page linked
 *    from its home page: wall time and pages/s of each.
 * 4. Signals: the same crawl with the worst page, SIGTERM sent as soon as the server has sent that
 *    page: the time until the process says it stops (the "within a second" figure) and until it exits.
 * Not a test: run `node dist/test/bench/hostile-page.bench.js [--skip-before] [PAGES]` after a build.
 */
import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Parser } from 'htmlparser2';
import { ExtractorHtml } from '../../src/components/extract/extractor-html.js';
import { CrawlUri } from '../../src/model/crawl-uri.js';
import { BIN, runCli } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

const args = process.argv.slice(2);
const SKIP_BEFORE = args.includes('--skip-before');
const PAGES = Number(args.find((a) => /^\d+$/.test(a)) ?? 300);
const ZERO_DELAYS = ['--set', 'disposition.delayFactor=0', '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=0', '--set', 'extractorHtml.extractJavascript=true'];

const DEEP_PAGES: Array<[string, string]> = [
  ['100,000 nested divs', '<div>'.repeat(100_000)],
  ['200,000 nested divs', '<div>'.repeat(200_000)],
  ['100,000 unclosed tables', '<table>'.repeat(100_000)],
  ['100,000 unclosed table, tr, td', '<table><tr><td>'.repeat(100_000)],
];

/** 200,000 nested divs, then a script of one 1.5 MB line of slashes that each look like an unclosed regular expression. */
const WORST = '<html><body><a href="/p0">p0</a>' + '<div>'.repeat(200_000) + '<script>x' + '=/['.repeat(500_000) + '</script><a href="/p1">p1</a>';

function html(body: string): Buffer {
  return Buffer.from(`<html><body><a href="/first">f</a>${body}<a href="/last">l</a>`, 'utf8');
}

function fetched(body: Buffer): CrawlUri {
  const curi = new CrawlUri('http://example.org/deep.html');
  curi.fetchStatus = 200;
  curi.contentType = 'text/html; charset=utf-8';
  curi.contentCharset = 'utf-8';
  curi.response = { statusCode: 200, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers: {}, rawBody: body, body, ipAddress: '127.0.0.1' };
  return curi;
}

function extractor(maxParseTimeMs: number): ExtractorHtml {
  return new ExtractorHtml({
    enabled: true, shouldProcessRule: undefined, metadata: undefined, treatFramesAsEmbedLinks: true, ignoreFormActionUrls: false, extractOnlyFormGets: true,
    obeyRelNofollow: false, extractJavascript: true, extractValueAttributes: true, ignoreUnexpectedHtml: true, maxParseTimeMs, maxElementDepth: 512, parseThreads: 0, minThreadParseBytes: 1024,
  });
}

const ms = (n: number): string => `${Math.round(n).toLocaleString('en-US')} ms`;

async function parseTimes(): Promise<string[]> {
  const lines = ['## Parse time of deep pages', '', '| page | htmlparser2 alone (before: unbounded stack) | ExtractorHtml (now) |', '|---|---:|---:|'];
  for (const [name, body] of DEEP_PAGES) {
    const bytes = html(body);
    let before = 'skipped';
    if (!SKIP_BEFORE) {
      const start = performance.now();
      new Parser({ onopentagname() {}, onattribute() {} }, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true }).parseComplete(bytes.toString('utf8'));
      before = ms(performance.now() - start);
    }
    const curi = fetched(bytes);
    const start = performance.now();
    await extractor(0).process(curi);
    const after = performance.now() - start;
    if (curi.outlinks.length !== 2) throw new Error(`${name}: expected the first and last links, got ${curi.outlinks.length}`);
    lines.push(`| ${name} | ${before} | ${ms(after)} |`);
  }
  return lines;
}

async function eventLoop(): Promise<string[]> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const curi = fetched(Buffer.from(WORST, 'utf8'));
  histogram.enable();
  const start = performance.now();
  await extractor(5000).process(curi);
  const spent = performance.now() - start;
  histogram.disable();
  return [
    '## The event loop while the worst page is parsed (default budget, 5 s)', '',
    '| parse (wall) | outcome | links kept | longest event-loop delay | p99 delay |', '|---:|---|---:|---:|---:|',
    `| ${ms(spent)} | ${curi.annotations.join(',') || 'complete'} | ${curi.outlinks.length} | ${(histogram.max / 1e6).toFixed(1)} ms | ` +
      `${(histogram.percentile(99) / 1e6).toFixed(1)} ms |`,
  ];
}

/** The loopback site: PAGES pages in a chain of link lists, and the worst page when `hostile`; `onWorstSent` once it is sent. */
function siteRoutes(hostile: boolean, onWorstSent: () => void): Record<string, Route> {
  const routes: Record<string, Route> = { '/robots.txt': { status: 404 } };
  const pages = Array.from({ length: PAGES }, (_, i) => `/p${i}`);
  routes['/'] = { body: page('home', [...(hostile ? ['/worst.html'] : []), ...pages.slice(0, 10)]) };
  pages.forEach((p, i) => (routes[p] = { body: page(p, pages.slice(i + 1, i + 11)) }));
  routes['/worst.html'] = (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.on('finish', onWorstSent);
    res.end(WORST);
  };
  return routes;
}

interface CrawlRun {
  readonly wallMs: number;
  readonly fetched: number;
  readonly answeredMs?: number;
  readonly exitMs?: number;
}

async function crawl(hostile: boolean, sigterm: boolean): Promise<CrawlRun> {
  let worstSent = false;
  const site = await SiteServer.start(siteRoutes(hostile, () => (worstSent = true)));
  const work = await tempDir();
  try {
    const job = join(work.dir, 'job');
    const created = await runCli(['create', job, '--profile', 'site-mirror', '--seed', `${site.origin}/`, '--contact', 'https://example.org/beancrawl-bench']);
    if (created.code !== 0) throw new Error(created.stderr);
    const start = performance.now();
    const child = spawn(process.execPath, [BIN, 'launch', job, ...ZERO_DELAYS], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    let answeredMs: number | undefined;
    let exitMs: number | undefined;
    if (sigterm) {
      await until(() => worstSent, 'the worst page sent', { timeoutMs: 120_000 });
      const signalled = performance.now();
      child.kill('SIGTERM');
      await until(() => stderr.includes('stopping:'), 'the crawl to say it stops', { timeoutMs: 60_000, everyMs: 1 });
      answeredMs = performance.now() - signalled;
      await exited;
      exitMs = performance.now() - signalled;
    }
    const code = await exited;
    if (code !== 0) throw new Error(`launch exited ${code}:\n${stderr}`);
    return { wallMs: performance.now() - start, fetched: site.requests.length, answeredMs, exitMs };
  } finally {
    await site.close();
    await work.cleanup();
  }
}

async function throughput(): Promise<string[]> {
  const plain = await crawl(false, false);
  const hostile = await crawl(true, false);
  const stopped = await crawl(true, true);
  const rate = (r: CrawlRun) => (r.fetched / (r.wallMs / 1000)).toFixed(1);
  return [
    `## Crawl throughput: ${PAGES} normal pages, with and without the worst page (site-mirror, no politeness delays)`, '',
    '| site | requests | wall (launch to exit) | requests/s |', '|---|---:|---:|---:|',
    `| normal pages only | ${plain.fetched} | ${ms(plain.wallMs)} | ${rate(plain)} |`,
    `| with the worst page | ${hostile.fetched} | ${ms(hostile.wallMs)} | ${rate(hostile)} |`,
    '',
    '## SIGTERM while the worst page is parsed', '',
    '| signal to "stopping" | signal to exit |', '|---:|---:|',
    `| ${ms(stopped.answeredMs!)} | ${ms(stopped.exitMs!)} |`,
  ];
}

const out = [...(await parseTimes()), '', ...(await eventLoop()), '', ...(await throughput())];
console.log(out.join('\n'));
