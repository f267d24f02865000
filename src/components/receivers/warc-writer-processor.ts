import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { DEFAULT_WARC_TEMPLATE, unknownTemplateTokens, WARC_TEMPLATE_TOKENS } from './warc-file-name.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { FINISH, PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import type { WarcRecordBuilder, WarcRecordDraft } from '../../model/receiver.js';
import { FingerprintSet } from '../../util/fingerprint-set.js';
import { DnsResponseRecordBuilder } from './dns-response-record-builder.js';
import { GzipMembers } from './gzip-members.js';
import { HttpRequestRecordBuilder } from './http-request-record-builder.js';
import { HttpResponseRecordBuilder } from './http-response-record-builder.js';
import { MetadataRecordBuilder } from './metadata-record-builder.js';
import { RevisitRecordBuilder } from './revisit-record-builder.js';
import { storeDirs, WarcFilePool } from './warc-file-pool.js';
import { removeTemporary } from './record-pieces.js';
import { encodeWarcRecord, newRecordId } from './warc-record.js';
import { warcinfoFields, warcinfoRecord } from './warcinfo-record.js';
import { writesNothing, writtenIdentity } from './writes-nothing.js';
import { journalWriterPool, parseCounters, savedCounters } from './writer-pool-journal.js';

function validateWarcWriter(bean: BeanView): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const template = String(bean.config.template ?? '');
  const unknown = unknownTemplateTokens(template);
  if (unknown.length) {
    issues.push({ property: 'template', message: `unknown token \${${unknown[0]}}`, hints: [`known tokens: ${WARC_TEMPLATE_TOKENS.join(', ')}`] });
  }
  if (/[/\\]/.test(template)) issues.push({ property: 'template', message: 'must name a file, without / or \\; folders are set by directory and storePaths' });
  for (const p of (bean.config.storePaths ?? []) as string[]) {
    if (p.includes('${')) issues.push({ property: 'storePaths', message: `"${p}" holds a placeholder; store paths are relative to directory, which may use \${launchId}` });
  }
  return issues;
}

const REVISITS_ALWAYS = 'unchanged documents and 304 answers are always written as revisit records (RevisitRecordBuilder); full records for them are not supported yet';

export const warcWriterProcessorComponent = defineComponent({
  name: 'WarcWriterProcessor',
  aliases: [
    'WARCWriterProcessor', 'WARCWriterChainProcessor',
    'org.archive.modules.writer.WARCWriterChainProcessor', 'org.archive.modules.writer.WARCWriterProcessor',
  ],
  description:
    'Writes WARC 1.0 files (Heritrix\'s WARCWriterChainProcessor): a warcinfo record heads each file; per URI with a status ' +
    'above 0 the record builders of `chain` write, in order, linked by WARC-Concurrent-To: a `response` for a dns: lookup; ' +
    'for HTTP the response as received, the request (when the fetcher kept it) and a metadata record. A response is ' +
    'stored byte for byte as it came off the connection, as Heritrix stores it: its chunk framing and content coding ' +
    'kept, its payload digest over the entity so stored (the digest crawl.log shows). Each record is its own gzip member. ' +
    'Files are written as `….warc.gz.open` and renamed when closed; a file is closed once it reaches ' +
    'maxFileSizeBytes. URIs with a status of 0 or less are not written (annotation `unwritten:status`). The file name and ' +
    'offset of a URI\'s records go to its extra info (crawl.log with logExtraInfo).',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    compress: { type: 'boolean', default: true, description: 'Gzip each record as its own member (`.warc.gz`); false writes plain `.warc` files.' },
    prefix: { type: 'string', default: 'WEB', description: 'The `${prefix}` of the file name template.' },
    maxFileSizeBytes: {
      type: 'integer', minimum: 1, default: 1000000000,
      description: 'A file that has reached this size (on disk) is closed before the next URI\'s records, which begin a new file.',
    },
    directory: { type: 'string', default: '${launchId}', path: true, description: 'The folder relative storePaths are under.' },
    storePaths: {
      type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, default: ['warcs'],
      description: 'The folders files are written to (relative ones under `directory`); with several, each new file goes to the next in turn.',
    },
    template: {
      type: 'string', minLength: 1, default: DEFAULT_WARC_TEMPLATE,
      description: `The file name, before \`.warc.gz\`. Tokens: ${WARC_TEMPLATE_TOKENS.map((t) => `\`\${${t}}\``).join(', ')} ` +
        '(`${serialno}` has 5 digits, counting files from 00000; `${heritrix.port}` is 0, beancrawl having no web console yet).',
    },
    skipIdenticalDigests: {
      type: 'boolean', default: false,
      description: 'Write nothing for a URI already written in this run with the same content digest (annotation `unwritten:identicalDigest`), ' +
        'as for a dns: or robots.txt prerequisite fetched again. Unchanged documents of delta runs are written as revisit records instead (RevisitRecordBuilder).',
    },
    maxTotalBytesToWrite: {
      type: 'integer', minimum: 0, default: 0,
      description: 'Once the files hold this many bytes, each URI\'s disposition chain ends after the writer (its links are not ' +
        'scheduled), so the crawl winds down, as in Heritrix. 0 = no limit.',
    },
    poolMaxActive: { type: 'integer', minimum: 1, default: 1, description: 'Most files open at once; each is written by one URI at a time.' },
    maxWaitForIdleMs: {
      type: 'integer', minimum: 0, default: 500,
      description: 'Accepted for Heritrix files: a URI waits for a file until one is free, and a new one is begun at once while fewer than poolMaxActive are open.',
    },
    startNewFilesOnCheckpoint: { type: 'boolean', default: true, description: 'Accepted for Heritrix files; files go on across checkpoints.' },
    writeRequests: {
      type: 'boolean', default: true,
      description: 'Write each URI\'s `request` record (Heritrix 3.0–3.2\'s WARCWriterProcessor switch); false leaves HttpRequestRecordBuilder out of `chain`.',
    },
    writeMetadata: {
      type: 'boolean', default: true,
      description: 'Write each URI\'s `metadata` record (Heritrix 3.0–3.2\'s WARCWriterProcessor switch); false leaves MetadataRecordBuilder out of `chain`.',
    },
    writeRevisitForIdenticalDigests: {
      type: 'boolean', default: true, ignored: REVISITS_ALWAYS,
      description: 'Heritrix 3.0–3.2: write a revisit record, not the response, for content already written. Accepted; false is not supported yet.',
    },
    writeRevisitForNotModified: {
      type: 'boolean', default: true, ignored: REVISITS_ALWAYS,
      description: 'Heritrix 3.0–3.2: write a revisit record for a 304 answer. Accepted; false is not supported yet.',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps where each open file stood at each commit: after a crash the file is cut back to it and closed.' },
    chain: {
      kind: 'WarcRecordBuilder', list: true,
      description: 'The record builders, in order (Heritrix\'s org.archive.modules.warc classes). Left out or empty: DnsResponseRecordBuilder, ' +
        'HttpResponseRecordBuilder, RevisitRecordBuilder, HttpRequestRecordBuilder, MetadataRecordBuilder. The whois and FTP builders are accepted and write nothing.',
    },
    metadata: { kind: 'CrawlMetadata', autowire: true, required: true, description: 'Who runs the crawl: the warcinfo record\'s fields.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Receives write errors (runtime-errors.log).' },
  },
  validate: validateWarcWriter,
  outputs: (c) => storeDirs(String(c.directory), c.storePaths as string[]).map((path) => ({ what: 'WARC files', path })),
  load: async (): Promise<ComponentClass> => WarcWriterProcessor,
});

export type WarcWriterConfig = ConfigOf<typeof warcWriterProcessorComponent>;

export type { WarcJournal } from './writer-pool-journal.js';

/** Heritrix's default chain, less the builders whose records cannot arise here (whois, FTP). */
export function defaultRecordBuilders(): WarcRecordBuilder[] {
  return [
    new DnsResponseRecordBuilder(), new HttpResponseRecordBuilder(), new RevisitRecordBuilder(), new HttpRequestRecordBuilder(), new MetadataRecordBuilder(),
  ];
}

/**
 * Heritrix's WARCWriterChainProcessor. Per URI: the builders make their records, which are
 * encoded (gzip) concurrently, then appended together to one file of the pool; the file name
 * and offset go to the URI's extra info. A failure is logged and the URI goes on down the chain.
 * Files open in start() and close in stop().
 */
export class WarcWriterProcessor extends Processor<typeof warcWriterProcessorComponent> {
  readonly #builders: readonly WarcRecordBuilder[];
  #pool?: WarcFilePool;
  #gzip?: GzipMembers;
  #written?: FingerprintSet;

  constructor(config: WarcWriterConfig) {
    super(config);
    this.#builders = switchedOff(config.chain.length ? config.chain : defaultRecordBuilders(), config);
  }

  start(): void | Promise<void> {
    if (this.#pool) return;
    const c = this.config;
    const dirs = storeDirs(c.directory, c.storePaths);
    if (!c.stateStore) return this.#open(dirs, undefined);
    // Where the launches of this run before this one left off (in other run folders): serial numbers go on, and so does the count maxTotalBytesToWrite limits.
    return savedCounters(c.stateStore, this.#writerKey).then((saved) => this.#open(dirs, saved));
  }

  /** Names this writer's counters, journal entry and marks on URIs. */
  get #writerKey(): string {
    return this.beanName || this.config.prefix;
  }

  #open(dirs: string[], saved: string | undefined): void {
    if (this.#pool) return;
    const c = this.config;
    const info = warcinfoFields(c.metadata);
    const gzip = (this.#gzip = c.compress ? new GzipMembers() : undefined);
    const store = c.stateStore;
    const from = parseCounters(saved);
    const pool = (this.#pool = new WarcFilePool({
      dirs, template: c.template, prefix: c.prefix, suffix: c.compress ? '.warc.gz' : '.warc',
      maxFileSizeBytes: c.maxFileSizeBytes, poolMaxActive: c.poolMaxActive,
      warcinfo: (name) => encodeWarcRecord(warcinfoRecord(info, name), newRecordId(), undefined, gzip),
      recoverable: store !== undefined,
    }, from));
    if (c.skipIdenticalDigests) this.#written = new FingerprintSet();
    if (store) journalWriterPool(store, pool, { writerKey: this.#writerKey, dirs, prefix: c.prefix, saved });
  }

  async stop(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.close();
    this.#gzip?.close();
    this.#gzip = undefined;
  }

  protected innerProcess(curi: CrawlUri): ProcessResult | Promise<ProcessResult> {
    if (writesNothing(curi, this.#writerKey, this.#written, ['warcFilename', 'warcFileOffset'])) return PROCEED;
    const drafts = this.#drafts(curi);
    return drafts.length ? this.#write(curi, drafts) : PROCEED;
  }

  #drafts(curi: CrawlUri): WarcRecordDraft[] {
    const drafts: WarcRecordDraft[] = [];
    try {
      for (const builder of this.#builders) {
        const draft = builder.shouldBuildRecord(curi) ? builder.buildRecord(curi) : undefined;
        if (draft) drafts.push(draft);
      }
    } catch (e) {
      this.config.loggerModule?.runtimeError(curi, e);
      return [];
    }
    return drafts;
  }

  async #write(curi: CrawlUri, drafts: readonly WarcRecordDraft[]): Promise<ProcessResult> {
    const pool = this.#pool;
    if (!pool) throw new Error('WarcWriterProcessor was used before start()');
    const c = this.config;
    try {
      const ids = drafts.map(() => newRecordId());
      const encoded = (await Promise.all(drafts.map((d, i) => encodeWarcRecord(d, ids[i], i === 0 ? undefined : ids[0], this.#gzip)))).flat();
      const at = await pool.write(encoded, (placed) => {
        (curi.warc ??= {})[this.#writerKey] = [placed.fileName, placed.offset];
        curi.marks++;
      }).finally(() => removeTemporary(encoded));
      curi.extraInfo.warcFilename = at.fileName;
      curi.extraInfo.warcFileOffset = at.offset;
      const response = drafts.findIndex((d) => d.type === 'response' && curi.contentSize > 0);
      if (response >= 0) {
        curi.writtenResponse = { url: drafts[response].targetUri!, recordId: ids[response], date: drafts[response].date, warcFilename: at.fileName, warcFileOffset: at.offset };
      }
      if (this.#written && curi.contentDigest) this.#written.add(writtenIdentity(curi));
    } catch (e) {
      c.loggerModule?.runtimeError(curi, e);
    }
    return c.maxTotalBytesToWrite > 0 && pool.totalBytes >= c.maxTotalBytesToWrite ? FINISH : PROCEED;
  }
}

/** The chain less the builders Heritrix 3.0–3.2's writeRequests and writeMetadata switch off. */
function switchedOff(chain: readonly WarcRecordBuilder[], c: WarcWriterConfig): WarcRecordBuilder[] {
  return chain.filter((b) => !(b instanceof HttpRequestRecordBuilder && !c.writeRequests) && !(b instanceof MetadataRecordBuilder && !c.writeMetadata));
}

