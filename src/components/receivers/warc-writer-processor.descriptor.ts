import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { DEFAULT_WARC_TEMPLATE, unknownTemplateTokens, WARC_TEMPLATE_TOKENS } from './warc-file-name.js';

export const warcWriterProcessorComponent = defineComponent({
  name: 'WarcWriterProcessor',
  aliases: [
    'WARCWriterProcessor', 'WARCWriterChainProcessor',
    'org.archive.modules.writer.WARCWriterChainProcessor', 'org.archive.modules.writer.WARCWriterProcessor',
  ],
  description:
    'Writes WARC 1.0 files (Heritrix\'s WARCWriterChainProcessor): a warcinfo record heads each file; per URI with a status ' +
    'above 0 the record builders of `chain` write, in order, linked by WARC-Concurrent-To: a `response` for a dns: lookup; ' +
    'for HTTP the response as received, the request (when the fetcher kept it) and a metadata record. A response keeps ' +
    'its content coding (gzip stays gzip) and its payload digest is over those bytes; its body is stored without transfer ' +
    'coding, so a `Transfer-Encoding: chunked` header is kept as `X-Crawler-Transfer-Encoding` with a `Content-Length` ' +
    'added (Common Crawl\'s convention). Each record is its own gzip member. ' +
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
  load: async (): Promise<ComponentClass> => (await import('./warc-writer-processor.js')).WarcWriterProcessor,
});

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
