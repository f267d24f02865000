import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ComponentDescriptor, ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import type { DecideRule } from '../../model/decide-rule.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { FINISH, PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { RecentFingerprints } from '../../util/recent-fingerprints.js';
import { timestamp17 } from '../../util/timestamp17.js';
import { ignoreMissing } from '../../util/ignore-missing.js';
import { makeFolders } from '../../util/make-folders.js';

/** The properties of Heritrix's CrawlMapper, which HashCrawlMapper and LexicalCrawlMapper share. */
export const CRAWL_MAPPER_PROPS = {
  ...PROCESSOR_PROPS,
  checkUri: {
    type: 'boolean', default: true,
    description: 'Map the URI itself when it has not been fetched (status 0 or less): in the candidate chain, each candidate; in the fetch chain, ' +
      'each URI before its fetch. One that belongs to another crawler is diverted: status -5002, annotation `to:NAME`, its chain finished.',
  },
  checkOutlinks: {
    type: 'boolean', default: true,
    description: 'Map the URI\'s outlinks (in the disposition chain, before `candidates`): those that belong to another crawler are diverted and removed.',
  },
  localName: {
    type: 'string', default: '.',
    description: 'This crawler\'s name among the crawlers sharing the crawl: URIs mapped to it stay here. With HashCrawlMapper the names are the ' +
      'bucket numbers `0` … `crawlerCount - 1`.',
  },
  diversionDir: {
    type: 'string', default: 'diversions', path: true,
    description: 'Where the diverted URIs are written (relative to the job folder): one file a target crawler and generation, ' +
      '`<generation>-<localName>-to-<target>.open` while written, renamed `.divert` when the generation turns and when the crawl stops.',
  },
  rotationDigits: {
    type: 'integer', default: 10, minimum: 1, maximum: 14,
    description: 'How many leading digits of the 14-digit UTC time (yyyyMMddHHmmss) name a generation of divert files: 10 starts new files every hour.',
  },
} as const;

export const CRAWL_MAPPER_REFS = {
  ...PROCESSOR_REFS,
  outlinkRule: { kind: 'DecideRule', description: 'Only outlinks this rule does not REJECT are mapped (the rest stay, whatever their crawler); ' +
    'unset maps all (Heritrix\'s AcceptDecideRule).' },
  queueAssignmentPolicy: {
    kind: 'QueueAssignmentPolicy', autowire: true,
    description: 'Gives the class key a URI is mapped by (Heritrix asks the frontier, whose preparer asks its policy): declare the preparer\'s ' +
      'policy as a bean so both agree. Without one, a SurtAuthorityQueueAssignmentPolicy with its defaults, as the preparer\'s.',
  },
  frontier: { kind: 'Frontier', ignored: 'the class key comes from the queueAssignmentPolicy (autowired), as the preparer\'s ' +
    'does', description: 'Heritrix: the frontier that gives class keys.' },
} as const;

/** How many recently diverted URIs are remembered, so that one found again is not written twice (Heritrix's ArrayLongFPCache holds 2^20). */
const RECENTLY_DIVERTED = 1 << 20;

/** One divert file being written: lines wait in memory until its folder exists and the stream is open. */
class DiversionLog {
  #stream?: WriteStream;
  #waiting: string[] = [];
  #error?: Error;
  readonly #opened: Promise<void>;

  constructor(readonly dir: string, readonly name: string) {
    this.#opened = this.#open();
    // Marked handled until close awaits it, which tells its failure.
    this.#opened.catch(() => undefined);
  }

  get openPath(): string {
    return join(this.dir, `${this.name}.open`);
  }

  get divertPath(): string {
    return join(this.dir, `${this.name}.divert`);
  }

  async #open(): Promise<void> {
    await makeFolders(this.dir);
    // A file of this generation finished by an earlier stop goes on being written (not overwritten).
    const open = await stat(this.openPath).then(() => true, () => false);
    if (!open) await rename(this.divertPath, this.openPath).catch(ignoreMissing);
    const stream = createWriteStream(this.openPath, { flags: 'a' });
    // Kept to be told at close, which then leaves the file `.open`: its lines are not all there.
    stream.on('error', (e) => (this.#error ??= e));
    this.#stream = stream;
    if (this.#waiting.length) stream.write(this.#waiting.join(''));
    this.#waiting = [];
  }

  write(line: string): void {
    if (this.#stream) this.#stream.write(line);
    else this.#waiting.push(line);
  }

  /** Flushes, closes and renames `.open` to `.divert`. */
  async close(): Promise<void> {
    await this.#opened;
    const stream = this.#stream!;
    // The end's callback is given the stream's failure (before its 'error' event is emitted).
    const failed = await new Promise<Error | null | undefined>((resolve) => stream.end((e?: Error | null) => resolve(e)));
    if (failed ?? this.#error) throw failed ?? this.#error;
    await rename(this.openPath, this.divertPath);
  }
}

type MapperDescriptor = ComponentDescriptor & { props: typeof CRAWL_MAPPER_PROPS; refs: typeof CRAWL_MAPPER_REFS };

/**
 * Heritrix's CrawlMapper: divides a crawl among several crawlers by mapping each URI to a crawler
 * name. A URI (candidate, or URI about to be fetched: `checkUri`) or an outlink (`checkOutlinks`)
 * mapped elsewhere than `localName` is not crawled here but written to that crawler's divert file,
 * one line a URI as Heritrix writes it: `classKey CrawlURI uri hopsPath via`.
 */
export abstract class CrawlMapper<D extends MapperDescriptor> extends Processor<D> {
  readonly #logs = new Map<string, DiversionLog>();
  readonly #closing: Promise<void>[] = [];
  #generation = '';
  #second = -1;
  #recent = new RecentFingerprints(RECENTLY_DIVERTED);
  /** URIs and outlinks diverted in this run. */
  diverted = 0;

  /** The crawler `curi` belongs to, and the class key it was mapped by. */
  protected abstract map(curi: CrawlUri): { target: string; classKey: string };

  protected innerProcess(curi: CrawlUri, _c: ConfigOf<D>): ProcessResult | Promise<ProcessResult> {
    const config = this.config as unknown as ConfigOf<MapperDescriptor>;
    this.#rotate(config);
    if (curi.fetchStatus <= 0 && config.checkUri) {
      const { target, classKey } = this.map(curi);
      if (target !== config.localName) {
        curi.fetchStatus = FetchStatus.BLOCKED_BY_CUSTOM_PROCESSOR;
        curi.annotations.push(`to:${target}`);
        if (!curi.judgedOnly) {
          const file = this.#divert(config, curi.uri, curi.hopsPath, curi.via, classKey, target);
          // A seed's diversion is said where seeds are reported (the seeds report, the summary).
          if (curi.isSeed) curi.divertedTo = { crawler: target, file };
        }
        return FINISH;
      }
    }
    if (config.checkOutlinks && curi.outlinks.length > 0) this.#mapOutlinks(config, curi);
    return PROCEED;
  }

  #mapOutlinks(config: ConfigOf<MapperDescriptor>, curi: CrawlUri): void {
    const rule = config.outlinkRule as DecideRule | undefined;
    let kept = 0;
    for (const link of curi.outlinks) {
      const child = curi.child(link);
      // Mapped under the sheets of the URI they were found on, as Heritrix maps them under its overrides.
      child.overlay = curi.overlay;
      if (rule === undefined || rule.decisionFor(child) !== DecideResult.REJECT) {
        const { target, classKey } = this.map(child);
        if (target !== config.localName) {
          this.#divert(config, child.uri, child.hopsPath, child.via, classKey, target);
          continue;
        }
      }
      curi.outlinks[kept++] = link;
    }
    curi.outlinks.length = kept;
  }

  /** Writes the URI to the divert file of `target` (once: a URI diverted lately is not written again); returns that file (named as when closed). */
  #divert(config: ConfigOf<MapperDescriptor>, uri: string, hopsPath: string, via: string | undefined, classKey: string, target: string): string {
    const name = `${this.#generation}-${config.localName}-to-${target}`;
    if (this.#recent.has(uri)) return join(config.diversionDir, `${name}.divert`);
    let log = this.#logs.get(target);
    if (log === undefined) {
      log = new DiversionLog(config.diversionDir, name);
      this.#logs.set(target, log);
    }
    this.#recent.add(uri);
    this.diverted++;
    log.write(`${classKey} CrawlURI ${uri} ${hopsPath} ${via ?? ''}\n`);
    return log.divertPath;
  }

  /** A new generation (the leading rotationDigits of the UTC time changed): the files of the last are finished. */
  #rotate(config: ConfigOf<MapperDescriptor>): void {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    if (second === this.#second) return;
    this.#second = second;
    const generation = timestamp17(now).slice(0, config.rotationDigits);
    if (generation === this.#generation) return;
    this.#closeAll();
    this.#generation = generation;
  }

  #closeAll(): void {
    for (const log of this.#logs.values()) {
      const closing = log.close();
      // Marked handled until stop awaits it, which tells its failure.
      closing.catch(() => undefined);
      this.#closing.push(closing);
    }
    this.#logs.clear();
  }

  start(): void {
    this.#recent = new RecentFingerprints(RECENTLY_DIVERTED);
  }

  /** Flushes and closes every divert file, renamed `.divert` (Heritrix leaves the last generation's `.open`). */
  async stop(): Promise<void> {
    this.#closeAll();
    const closing = this.#closing.splice(0);
    await Promise.all(closing);
  }
}
