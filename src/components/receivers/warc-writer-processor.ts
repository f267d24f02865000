import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { RecordPiece } from '../../model/file-span.js';
import { PROCEED, type ProcessResult } from '../../model/processor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { WarcRecordBuilder, WarcRecordDraft } from '../../model/receiver.js';
import { DnsResponseRecordBuilder } from './dns-response-record-builder.js';
import type { GzipMembers } from './gzip-members.js';
import { HttpRequestRecordBuilder } from './http-request-record-builder.js';
import { HttpResponseRecordBuilder } from './http-response-record-builder.js';
import { RenderedDomRecordBuilder, ScreenshotRecordBuilder } from './rendered-page-record-builders.js';
import { MailResourceRecordBuilder } from './mail-resource-record-builder.js';
import { MetadataRecordBuilder } from './metadata-record-builder.js';
import { PoolWriterProcessor, validateWriterPool, writerPoolProps } from './pool-writer-processor.js';
import { RevisitRecordBuilder } from './revisit-record-builder.js';
import { storeDirs } from './warc-file-pool.js';
import { encodeWarcRecord, newRecordId } from './warc-record.js';
import { warcinfoFields, warcinfoRecord } from './warcinfo-record.js';

const REVISITS_ALWAYS = 'unchanged documents and 304 answers are always written as revisit records (RevisitRecordBuilder); full records for them ' +
  'are not supported yet';

export const warcWriterProcessorComponent = defineComponent({
  name: 'WarcWriterProcessor',
  aliases: [
    'WARCWriterProcessor', 'WARCWriterChainProcessor',
    'org.archive.modules.writer.WARCWriterChainProcessor', 'org.archive.modules.writer.WARCWriterProcessor',
  ],
  description:
    'Writes WARC 1.0 files (Heritrix\'s WARCWriterChainProcessor): a warcinfo record heads each file; per URI with a status ' +
    'above 0 the record builders of `chain` write, in order, linked by WARC-Concurrent-To: a `response` for a dns: lookup; ' +
    'for HTTP the response as received, the request (when the fetcher kept it) and a metadata record; a `resource` for a mail message (imap:). A response is ' +
    'stored byte for byte as it came off the connection, as Heritrix stores it: its chunk framing and content coding ' +
    'kept, its payload digest over the entity so stored (the digest crawl.log shows). Every record has a WARC-Block-Digest (sha1 of its block). ' +
      'Each record is its own gzip member. ' +
    'Files are written as `….warc.gz.open` and renamed when closed; a file is closed once it reaches ' +
    'maxFileSizeBytes. URIs with a status of 0 or less are not written (annotation `unwritten:status`). The file name and ' +
    'offset of a URI\'s records go to its extra info (crawl.log with logExtraInfo).',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    ...writerPoolProps({ prefix: 'WEB', maxFileSizeBytes: 1000000000, storePath: 'warcs', extension: 'warc' }),
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
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps where each open file stood at each commit: after a crash the file is cut ' +
      'back to it and closed.' },
    chain: {
      kind: 'WarcRecordBuilder', list: true,
      description: 'The record builders, in order (Heritrix\'s org.archive.modules.warc classes). Left out or empty: DnsResponseRecordBuilder, ' +
        'HttpResponseRecordBuilder, RevisitRecordBuilder, HttpRequestRecordBuilder, MetadataRecordBuilder, and beancrawl\'s MailResourceRecordBuilder, ' +
          'ScreenshotRecordBuilder and RenderedDomRecordBuilder. The whois and FTP builders are accepted ' +
          'and write nothing.',
    },
    metadata: { kind: 'CrawlMetadata', autowire: true, required: true, description: 'Who runs the crawl: the warcinfo record\'s fields.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Receives write errors (runtime-errors.log).' },
  },
  validate: validateWriterPool,
  outputs: (c) => storeDirs(String(c.directory), c.storePaths as string[]).map((path) => ({ what: 'WARC files', path })),
  load: async (): Promise<ComponentClass> => WarcWriterProcessor,
});

export type WarcWriterConfig = ConfigOf<typeof warcWriterProcessorComponent>;

export type { WarcJournal } from './writer-pool-journal.js';

/** Heritrix's default chain, less the builders whose records cannot arise here (whois, FTP). */
export function defaultRecordBuilders(): WarcRecordBuilder[] {
  return [
    new DnsResponseRecordBuilder(), new HttpResponseRecordBuilder(), new RevisitRecordBuilder(), new HttpRequestRecordBuilder(), new MetadataRecordBuilder(),
    new MailResourceRecordBuilder(), new ScreenshotRecordBuilder(), new RenderedDomRecordBuilder(),
  ];
}

/**
 * Heritrix's WARCWriterChainProcessor. Per URI: the builders make their records, which are
 * encoded (gzip) concurrently, then appended together to one file of the pool; the file name
 * and offset go to the URI's extra info. A failure is logged and the URI goes on down the chain.
 * Files open in start() and close in stop().
 */
export class WarcWriterProcessor extends PoolWriterProcessor<typeof warcWriterProcessorComponent> {
  readonly #builders: readonly WarcRecordBuilder[];
  protected readonly extension = 'warc';

  constructor(config: WarcWriterConfig) {
    super(config);
    this.#builders = switchedOff(config.chain.length ? config.chain : defaultRecordBuilders(), config);
  }

  protected fileHeader(name: string, gzip: GzipMembers | undefined): Promise<RecordPiece[]> {
    return encodeWarcRecord(warcinfoRecord(warcinfoFields(this.config.metadata), name), newRecordId(), undefined, gzip);
  }

  protected innerProcess(curi: CrawlUri): ProcessResult | Promise<ProcessResult> {
    if (this.writesNothing(curi)) return PROCEED;
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

  #write(curi: CrawlUri, drafts: readonly WarcRecordDraft[]): Promise<ProcessResult> {
    const ids = drafts.map(() => newRecordId());
    const encode = async () => (await Promise.all(drafts.map((d, i) => encodeWarcRecord(d, ids[i], i === 0 ? undefined : ids[0], this.gzip)))).flat();
    return this.append(curi, encode, (at) => {
      const response = drafts.findIndex((d) => d.type === 'response' && curi.contentSize > 0);
      if (response >= 0) {
        curi.writtenResponse = { url: drafts[response].targetUri!, recordId: ids[response], date: drafts[response].date, warcFilename: at.fileName, warcFileOffset: at.offset,
          warcDir: at.dir };
      }
    });
  }
}

/** The chain less the builders Heritrix 3.0–3.2's writeRequests and writeMetadata switch off. */
function switchedOff(chain: readonly WarcRecordBuilder[], c: WarcWriterConfig): WarcRecordBuilder[] {
  return chain.filter((b) => !(b instanceof HttpRequestRecordBuilder && !c.writeRequests) && !(b instanceof MetadataRecordBuilder && !c.writeMetadata));
}

