import { defineComponent, type ComponentClass, type ConfigOf } from '../beans/registry/component-descriptor.js';
import { createWriteStream, type WriteStream } from 'node:fs';
import { stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { Alert, CrawlLogger } from '../model/crawl-logger.js';
import type { CrawlUri } from '../model/crawl-uri.js';
import { JournaledFile } from '../model/journaled-file.js';
import { BatchedWrites } from '../util/batched-writes.js';
import { crawlLogLine } from './crawl-log-line.js';
import { makeFolders } from '../util/make-folders.js';

export const crawlerLoggerModuleComponent = defineComponent({
  name: 'CrawlerLoggerModule',
  aliases: ['org.archive.crawler.reporting.CrawlerLoggerModule'],
  description:
    'The crawl\'s logs: crawl.log (one line per finished URI, Heritrix\'s fields and formats), uri-errors.log (URIs that ' +
    'could not be scheduled), runtime-errors.log (unexpected errors while processing a URI), nonfatal-errors.log (each try ' +
    'whose fetch failed with an error, retried or not: its crawl.log line and why) and alerts.log (what the operator should ' +
    'know: seeds out of scope, hosts that do not resolve or cannot be connected to, runtime errors).',
  kinds: ['CrawlLogger'],
  props: {
    path: { type: 'string', default: '${launchId}/logs', path: true, description: 'The folder the logs are written to.' },
    logExtraInfo: { type: 'boolean', default: false, description: 'Append a JSON object of extra information to each crawl.log line.' },
  },
  refs: {
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps how far crawl.log was written at each commit, so a resumed crawl ' +
      'continues it without duplicate lines.' },
  },
  outputs: (c) => [{ what: 'crawl.log', path: join(String(c.path), 'crawl.log') }],
  load: async (): Promise<ComponentClass> => CrawlerLoggerModule,
});

/**
 * Writes crawl.log, uri-errors.log and runtime-errors.log, appending, through buffered streams;
 * crawl.log's lines go to the file in batches (BatchedWrites: one write for the lines of 20 ms).
 * With a state store, crawl.log's length goes with each commit, so that after a crash it can be
 * cut back to the lines of URIs the store counts as done.
 */
/** Alerts kept for the console and `status` (all of them are in alerts.log). */
const RECENT_ALERTS = 20;

export class CrawlerLoggerModule implements CrawlLogger {
  /** crawl.log, its lines written in batches (BatchedWrites). */
  #crawl?: BatchedWrites<WriteStream>;
  #journaled?: JournaledFile;
  #uriErrors?: WriteStream;
  #runtimeErrors?: WriteStream;
  #nonfatalErrors?: WriteStream;
  #alerts?: WriteStream;
  #alertCount = 0;
  /** The last RECENT_ALERTS alerts, for the console and `status`. */
  readonly #recent: Alert[] = [];

  constructor(readonly config: ConfigOf<typeof crawlerLoggerModuleComponent>) {}

  async start(): Promise<void> {
    if (this.#crawl) return;
    await makeFolders(this.config.path);
    // A log that cannot be written (a full disk) never brings the crawl down: crawl.log's failure
    // fails the state store's commits until it is reopened; the other logs lose what they could not write.
    const open = (name: string) => createWriteStream(join(this.config.path, name), { flags: 'a', highWaterMark: 1 << 16 }).on('error', () => undefined);
    this.#crawl = new BatchedWrites(open('crawl.log'));
    const store = this.config.stateStore;
    if (store) {
      const path = join(this.config.path, 'crawl.log');
      const length = await stat(path).then((s) => s.size, () => 0);
      this.#journaled = new JournaledFile(store, path, this.#crawl, length, async (committed) => {
        await truncate(path, committed);
        return (this.#crawl = new BatchedWrites(open('crawl.log')));
      });
    }
    this.#uriErrors = open('uri-errors.log');
    this.#runtimeErrors = open('runtime-errors.log');
    this.#nonfatalErrors = open('nonfatal-errors.log');
    this.#alerts = open('alerts.log');
  }

  crawled(curi: CrawlUri): void {
    const now = Date.now();
    let line = crawlLogLine(curi, now);
    // As Heritrix: what the fetcher and writers noted (contentSize for HTTP, the WARC file and
    // offset), `{}` for a URI never fetched.
    if (this.config.logExtraInfo) line += ` ${JSON.stringify(curi.extraInfo)}`;
    if (this.#journaled) this.#journaled.write(`${line}\n`);
    else this.#crawl?.write(`${line}\n`);
  }

  uriError(uri: string, via: string | undefined, message: string): void {
    this.#uriErrors?.write(`${new Date().toISOString()} ${uri} ${via ?? '-'} ${message}\n`);
  }

  nonfatalError(curi: CrawlUri, reason: string): void {
    this.#nonfatalErrors?.write(`${crawlLogLine(curi, Date.now())} ${reason.replace(/\n/g, ' ')}\n`);
  }

  runtimeError(curi: CrawlUri, error: unknown): void {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    this.#runtimeErrors?.write(`${new Date().toISOString()} ${curi.uri} ${curi.via ?? '-'} ${text.replace(/\n/g, '\n  ')}\n`);
    this.alert('SEVERE', `runtime error on ${curi.uri}: ${error instanceof Error ? error.message : String(error)}`);
  }

  alert(severity: 'WARNING' | 'SEVERE', message: string): void {
    const line = message.replace(/\n/g, ' ');
    this.#alerts?.write(`${new Date().toISOString()} ${severity} ${line}\n`);
    this.#recent.push({ seq: ++this.#alertCount, severity, message: line });
    if (this.#recent.length > RECENT_ALERTS) this.#recent.shift();
  }

  recentAlerts(): readonly Alert[] {
    return this.#recent;
  }

  async stop(): Promise<void> {
    this.#crawl?.release();
    const streams = [this.#crawl?.stream, this.#uriErrors, this.#runtimeErrors, this.#nonfatalErrors, this.#alerts].filter((s): s is WriteStream => s !== undefined);
    this.#crawl = undefined;
    this.#uriErrors = this.#runtimeErrors = this.#nonfatalErrors = this.#alerts = undefined;
    for (const s of streams) s.end();
    if (streams[0]) this.#journaled?.ending(finished(streams[0]));
    // crawl.log must be complete; the other logs are best effort.
    await Promise.all(streams.map((s, i) => (i === 0 ? finished(s) : finished(s).catch(() => undefined))));
  }
}
