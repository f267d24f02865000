/**
 * Run as a child process (`node imap-fetch-peak.js ACCOUNT-URL PASSWORD WARM-URL MESSAGE-URL
 * MAX-LENGTH-BYTES`): starts a FetchImap, fetches WARM-URL (a small message: the connection and
 * imapflow loaded), then MESSAGE-URL, and prints one JSON line: the fetch's status, content size,
 * annotations and the growth of the process's peak RSS over its RSS before that fetch
 * (`peakGrowthBytes`; Linux's VmHWM, reset through /proc/self/clear_refs, else RSS sampled every
 * millisecond). Its own process, so that nothing the test did before (filling the mailbox) is
 * in the figure.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { FetchImap, fetchImapComponent, type FetchImapConfig } from '../../src/components/mail/fetch-imap.js';
import { CrawlUri } from '../../src/model/crawl-uri.js';
import type { SeedModule } from '../../src/model/seed-module.js';

/** What one measured fetch gave. */
export interface ImapFetchPeak {
  readonly status: number;
  readonly size: number;
  readonly annotations: readonly string[];
  readonly peakGrowthBytes: number;
  readonly ms: number;
}

async function peakRss(): Promise<number | undefined> {
  const status = await readFile('/proc/self/status', 'utf8').catch(() => '');
  const kb = /VmHWM:\s+(\d+)/.exec(status)?.[1];
  return kb === undefined ? undefined : Number(kb) * 1024;
}

async function main([account, password, warm, target, maxLength]: string[]): Promise<void> {
  const defaults = Object.fromEntries(Object.entries(fetchImapComponent.props).map(([k, spec]) => [k, spec.default]));
  const seeds = { loadSeeds: async () => ({ seeds: [{ url: account, line: 1, password }], directives: [] }) } as unknown as SeedModule;
  const fetcher = new FetchImap({ ...defaults, passwordVariable: '', seeds, maxLengthBytes: Number(maxLength) } as FetchImapConfig);
  await fetcher.start();
  try {
    const warmed = new CrawlUri(warm);
    await fetcher.process(warmed);
    if (warmed.fetchStatus !== 200) throw new Error(`the warm-up fetch answered ${warmed.fetchStatus} ${warmed.annotations.join(',')}`);
    const before = process.memoryUsage().rss;
    const reset = await writeFile('/proc/self/clear_refs', '5').then(() => true, () => false);
    let sampled = before;
    const sampler = reset ? undefined : setInterval(() => (sampled = Math.max(sampled, process.memoryUsage().rss)), 1);
    const started = Date.now();
    const curi = new CrawlUri(target);
    await fetcher.process(curi);
    const ms = Date.now() - started;
    if (sampler) clearInterval(sampler);
    const peak = (reset ? await peakRss() : undefined) ?? sampled;
    // What a crawl's controller does once a URI is done: its scratch files (a message kept partly on disk) go.
    await Promise.all((curi.scratchFiles ?? []).map((f) => rm(f, { force: true })));
    const out: ImapFetchPeak = { status: curi.fetchStatus, size: curi.contentSize, annotations: curi.annotations, peakGrowthBytes: peak - before, ms };
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await fetcher.stop();
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exitCode = 1;
});
