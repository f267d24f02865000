import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { RecordPiece } from '../../model/file-span.js';
import { PROCEED, type ProcessResult } from '../../model/processor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { arcFileHeader, arcRecord, encodeArc } from './arc-record.js';
import { isHttp, recordDate } from './builder-support.js';
import type { GzipMembers } from './gzip-members.js';
import { httpResponseEntity, httpResponseHead } from './http-response-head.js';
import { PoolWriterProcessor, validateWriterPool, writerPoolProps } from './pool-writer-processor.js';
import { storeDirs } from './warc-file-pool.js';

export const arcWriterProcessorComponent = defineComponent({
  name: 'ARCWriterProcessor',
  aliases: ['org.archive.modules.writer.ARCWriterProcessor', 'ArcWriterProcessor'],
  description:
    'Writes ARC v1 files (Heritrix\'s ARCWriterProcessor): a `filedesc://` record heads each file, then one record per URI ' +
    'with a status above 0: the line `URL IP-address Archive-date Content-type Archive-length` and the response as received ' +
    '(HTTP status line, headers and body with its content coding), or a dns: lookup\'s answer. ARC has no revisit or request ' +
    'records: an unchanged document is written in full. Each record is its own gzip member (`.arc.gz`). Files are written as ' +
    '`….arc.gz.open`, renamed when closed, and cut back to the last commit after a crash, as the WARC writer\'s are.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    ...writerPoolProps({ prefix: 'IAH', maxFileSizeBytes: 100000000, storePath: 'arcs', extension: 'arc' }),
  },
  refs: {
    ...PROCESSOR_REFS,
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps where each open file stood at each commit: after a crash the file is cut ' +
      'back to it and closed.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Receives write errors (runtime-errors.log).' },
  },
  validate: validateWriterPool,
  outputs: (c) => storeDirs(String(c.directory), c.storePaths as string[]).map((path) => ({ what: 'ARC files', path })),
  load: async (): Promise<ComponentClass> => ArcWriterProcessor,
});

export type ArcWriterConfig = ConfigOf<typeof arcWriterProcessorComponent>;

/**
 * Heritrix's ARCWriterProcessor, on the WARC writer's file pool and crash journal: the files
 * differ only in their records. The file name and offset of a URI's record go to its extra info
 * (arcFilename, arcFileOffset); a failure is logged and the URI goes on down the chain.
 */
export class ArcWriterProcessor extends PoolWriterProcessor<typeof arcWriterProcessorComponent> {
  protected readonly extension = 'arc';

  /** `arc:` keeps this writer's counters, journal entry and marks apart from a WARC writer's of the same prefix. */
  protected override get writerKey(): string {
    return `arc:${super.writerKey}`;
  }

  protected fileHeader(name: string, gzip: GzipMembers | undefined): Promise<RecordPiece[]> {
    return encodeArc([arcFileHeader(name, Date.now())], gzip);
  }

  protected innerProcess(curi: CrawlUri): ProcessResult | Promise<ProcessResult> {
    if (this.writesNothing(curi)) return PROCEED;
    const content = contentOf(curi);
    if (!content) return PROCEED;
    const type = curi.contentType || (curi.uri.startsWith('dns:') ? 'text/dns' : '');
    return this.append(curi, () => encodeArc(arcRecord(curi.uri, curi.response?.ipAddress ?? '', recordDate(curi), type, content), this.gzip));
  }
}

/** What an ARC record holds: an HTTP response as received, or a dns: lookup's answer; undefined for anything else. */
function contentOf(curi: CrawlUri): RecordPiece[] | undefined {
  if (isHttp(curi.uri) && curi.response) return [httpResponseHead(curi.response), ...httpResponseEntity(curi.response)];
  if (curi.uri.startsWith('dns:')) {
    const bytes = curi.content ?? (curi.text !== undefined ? Buffer.from(curi.text, 'latin1') : undefined);
    return bytes ? [bytes] : undefined;
  }
  return undefined;
}
