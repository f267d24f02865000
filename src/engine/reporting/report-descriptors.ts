import { defineComponent, type ComponentClass, type PropSpec } from '../../beans/registry/component-descriptor.js';

const REPORT_PROPS = {
  shouldReportAtEndOfCrawl: { type: 'boolean', default: true, description: 'Write the report when the crawl ends.' },
  shouldReportDuringCrawl: { type: 'boolean', default: true, description: 'Accepted for Heritrix files; reports are written at the end of the ' +
    'crawl only, for now.' },
} as const;

function report<const N extends string, const P extends Record<string, PropSpec> = Record<never, never>>(
  name: N, file: string, description: string, load: () => Promise<ComponentClass>, props: P = {} as P,
) {
  return defineComponent({
    name,
    aliases: [`org.archive.crawler.reporting.${name}`],
    description: `Writes ${file}: ${description} One of the statistics tracker's \`reports\`.`,
    kinds: ['Report'],
    props: { ...REPORT_PROPS, ...props },
    load,
  });
}

export const crawlSummaryReportComponent = report('CrawlSummaryReport', 'crawl-report.txt',
  'the crawl\'s name, exit status and duration; seeds crawled and not; hosts; URIs processed, succeeded, failed and disregarded; bytes; rates.',
  async () => (await import('./crawl-summary-report.js')).CrawlSummaryReport);

export const seedsReportComponent = report('SeedsReport', 'seeds-report.txt',
  '`[code] [status] [seed] [redirect]`: each seed\'s latest status, CRAWLED or NOTCRAWLED, and where a redirect sent it.',
  async () => (await import('./seeds-report.js')).SeedsReport);

export const hostsReportComponent = report('HostsReport', 'hosts-report.txt',
  'per host, most URIs first: `#urls #bytes host #robots #remaining #novel-urls #novel-bytes` and the duplicate-by-hash and ' +
  'not-modified columns. Bytes are Heritrix\'s content size: the whole response, headers included (a 304 adds the body it confirms). ' +
  '`#remaining` is not known yet and is written as 0. Duplicates by hash are revisits of an identical payload, not-modified ones 304s.',
  async () => (await import('./hosts-report.js')).HostsReport,
  {
    // Heritrix's profile lists both in its (commented) reports list, so a file that uncomments it sets them.
    suppressEmptyHosts: { type: 'boolean', default: false, description: 'Leave out hosts of which no URI was fetched (0 in `#urls`).' },
    maxSortSize: {
      type: 'integer', default: -1, ignored: 'the hosts are sorted in memory, whatever their number; Heritrix\'s limit spares a sort on disk',
      description: 'Heritrix: past this many hosts, the report is not sorted. Accepted, not used.',
    },
  });

export const sourceTagsReportComponent = report('SourceTagsReport', 'source-report.txt',
  '`[source] [host] [#urls]`: URIs fetched per source tag and host (source tags come from `seeds.sourceTagSeeds`).',
  async () => (await import('./source-tags-report.js')).SourceTagsReport);

export const mimetypesReportComponent = report('MimetypesReport', 'mimetype-report.txt',
  '`#urls #bytes mime`: URIs fetched and their bytes (headers included) per MIME type, most first; `unknown` for a response without a Content-Type.',
  async () => (await import('./mimetypes-report.js')).MimetypesReport);

export const responseCodeReportComponent = report('ResponseCodeReport', 'responsecode-report.txt',
  '`#urls rescode`: URIs fetched per status code (successes: responses and DNS answers), most first.',
  async () => (await import('./response-code-report.js')).ResponseCodeReport);

export const processorsReportComponent = report('ProcessorsReport', 'processors-report.txt',
  'per chain (candidate, fetch, disposition), each processor in the words of Heritrix\'s report: `Processor: ` and the Heritrix ' +
  'class it stands for, and for an extractor `N links from M CrawlURIs`.',
  async () => (await import('./processors-report.js')).ProcessorsReport);

export const frontierSummaryReportComponent = report('FrontierSummaryReport', 'frontier-summary-report.txt',
  'the frontier\'s URI counts, its queues by state (in process, ready, snoozed, retired, exhausted) and its last state, then ' +
  'Heritrix\'s sections: the longest, in-process, ready, snoozed, inactive and retired queues, each with its size, wake time, ' +
  'last URI scheduled and taken, spend, budget and balance.',
  async () => (await import('./frontier-summary-report.js')).FrontierSummaryReport);

export const toeThreadsReportComponent = report('ToeThreadsReport', 'threads-report.txt',
  'the workers (toe threads) in the pool and how many are busy.',
  async () => (await import('./toe-threads-report.js')).ToeThreadsReport);

export const frontierNonemptyReportComponent = report('FrontierNonemptyReport', 'frontier-nonempty-report.txt',
  '`frontier empty`, or each queue left, one line each, by state (when the frontier lists its queues). Not in the default set.',
  async () => (await import('./frontier-nonempty-report.js')).FrontierNonemptyReport);

export const htmlReportComponent = defineComponent({
  name: 'HtmlReport',
  aliases: [],
  description: 'Writes report.html in the run folder, beside the reports folder: one page that needs nothing but itself (inline style and ' +
    'SVG charts, no script, nothing fetched) with the totals, URIs and bytes over time (from the progress samples), status codes, MIME types, ' +
    'the hosts with the most URIs, the slowest hosts (average fetch time) and the failing ones (errors by status), and the last alerts. ' +
    'Not a Heritrix report (its web console shows these); in the default set. One of the statistics tracker\'s `reports`.',
  kinds: ['Report'],
  props: {
    ...REPORT_PROPS,
    maxRows: { type: 'integer', default: 20, minimum: 1, description: 'Rows shown in each table (hosts, MIME types…); the page says how many more there are.' },
  },
  load: async () => (await import('./html-report.js')).HtmlReport,
});

export const REPORT_DESCRIPTORS = [
  crawlSummaryReportComponent, seedsReportComponent, hostsReportComponent, sourceTagsReportComponent, mimetypesReportComponent,
  responseCodeReportComponent, processorsReportComponent, frontierSummaryReportComponent, toeThreadsReportComponent,
  frontierNonemptyReportComponent, htmlReportComponent,
];
