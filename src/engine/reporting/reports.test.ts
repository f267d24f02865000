import { expect } from 'chai';
import type { CrawlReport } from '../../model/crawl-report.js';
import type { CrawlSnapshot, CrawlStatistics, HostTally } from '../../model/crawl-statistics.js';
import type { QueueSummary } from '../../model/frontier-queues.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { Processor, PROCEED, type ProcessResult } from '../../model/processor.js';
import { CrawlSummaryReport } from './crawl-summary-report.js';
import { defaultReports } from './default-reports.js';
import { FrontierNonemptyReport } from './frontier-nonempty-report.js';
import { FrontierSummaryReport } from './frontier-summary-report.js';
import { HostsReport } from './hosts-report.js';
import { MimetypesReport } from './mimetypes-report.js';
import { ProcessorsReport } from './processors-report.js';
import { ResponseCodeReport } from './response-code-report.js';
import { SeedsReport } from './seeds-report.js';
import { SourceTagsReport } from './source-tags-report.js';
import { ToeThreadsReport } from './toe-threads-report.js';

class FetchHttp extends Processor {
  protected innerProcess(_curi: CrawlUri): ProcessResult {
    return PROCEED;
  }
}

function processor(beanName: string, processed: number): Processor {
  const p = new FetchHttp({ enabled: true });
  p.beanName = beanName;
  p.processed = processed;
  return p;
}

const host = (urls: number, bytes: number, robotsDenials = 0): HostTally => ({ urls, bytes, robotsDenials, novelUrls: urls, novelBytes: bytes });
const NOW = Date.UTC(2010, 0, 14, 22, 16, 5);

const snapshot: CrawlSnapshot = {
  timestamp: NOW, elapsedMs: 41968, discovered: 20, queued: 0, downloaded: 15, failures: 1, disregards: 2, bytes: 153399,
  docsPerSecond: 0.357, currentDocsPerSecond: 0, kibPerSecond: 3, currentKibPerSecond: 0, busyThreads: 0,
  heapUsedKib: 1, heapSizeKib: 2, congestion: 0, deepestQueue: 0, averageDepth: 0,
};

/** A small finished crawl with known counts. */
const stats: CrawlStatistics = {
  crawlName: 'basic', exitStatus: 'FINISHED', now: NOW, snapshot,
  progress: {
    state: 'FINISHED', busyWorkers: 0, bytes: 153342, documents: 14, seedsCrawled: 1, elapsedMs: 41968,
    frontier: { discovered: 20, queued: 0, inProcess: 0, succeeded: 15, failed: 1, disregarded: 2, queues: { total: 3, ready: 0, snoozed: 1, retired: 0 } },
  },
  hosts: new Map([['www.example.org', host(12, 150000, 2)], ['dns:', host(2, 114)], ['cdn.example.org', host(1, 3285)], ['down.example.com', host(0, 0)]]),
  mimeTypes: new Map([['text/html', { urls: 10, bytes: 140000 }], ['image/png', { urls: 3, bytes: 13285 }], ['text/dns', { urls: 2, bytes: 114 }]]),
  statusCodes: new Map([[200, 11], [1, 2], [404, 2]]),
  sourceTags: new Map(),
  seeds: new Map([
    ['http://www.example.org/', { uri: 'http://www.example.org/', status: 200 }],
    ['http://old.example.org/', { uri: 'http://old.example.org/', status: 301, redirect: 'http://www.example.org/' }],
    ['http://down.example.com/', { uri: 'http://down.example.com/', status: -2 }],
    ['http://never.example.net/', { uri: 'http://never.example.net/', status: 0 }],
  ]),
  chains: [
    { name: 'CandidateChain', processors: [processor('candidateScoper', 40)] },
    { name: 'FetchChain', processors: [processor('preselector', 18), processor('fetchHttp', 16)] },
  ],
  toeThreads: 25,
};

const text = (report: CrawlReport, s: CrawlStatistics = stats) => [...report.lines(s)].join('\n');

describe('reports, from known counts', () => {
  it('CrawlSummaryReport (crawl-report.txt)', () => {
    expect(new CrawlSummaryReport().filename).to.equal('crawl-report.txt');
    expect(text(new CrawlSummaryReport())).to.equal(`crawl name: basic
crawl status: Finished
duration: 41s968ms

seeds crawled: 2
seeds uncrawled: 2

hosts visited: 3

URIs processed: 18
URI successes: 15
URI failures: 1
URI disregards: 2

novel URIs: 15

total crawled bytes: 153399 (150 KiB) 
novel crawled bytes: 153399 (150 KiB)

URIs/sec: 0.36
KB/sec: 3`);
    expect(text(new CrawlSummaryReport(), { ...stats, exitStatus: 'FINISHED_DOCUMENT_LIMIT' })).to.contain('crawl status: Finished - Maximum ' +
      'number of documents limit hit');
  });

  it('CrawlSummaryReport: a kind of revisit that was counted keeps its lines, zero bytes included, as Heritrix\'s containsKey does', () => {
    const revisits: HostTally = { ...host(3, 600), novelUrls: 1, novelBytes: 600, dupByHashUrls: 1, dupByHashBytes: 0, notModifiedUrls: 1, notModifiedBytes: 0 };
    const lines = text(new CrawlSummaryReport(), { ...stats, hosts: new Map([['www.example.org', revisits]]) }).split('\n');
    expect(lines.filter((l) => /duplicate-by-hash|not-modified/.test(l))).to.deep.equal([
      'duplicate-by-hash URIs: 1', 'not-modified URIs: 1', 'duplicate-by-hash crawled bytes: 0 (0 B) ', 'not-modified crawled bytes: 0 (0 B) ',
    ]);
  });

  it('SeedsReport (seeds-report.txt): failed and untried seeds first, then by status from the highest', () => {
    expect(text(new SeedsReport())).to.equal(`[code] [status] [seed] [redirect]
0 NOTCRAWLED http://never.example.net/
-2 NOTCRAWLED http://down.example.com/
301 CRAWLED http://old.example.org/ http://www.example.org/
200 CRAWLED http://www.example.org/`);
  });

  it('HostsReport (hosts-report.txt): most URIs first, a space after each field', () => {
    expect(text(new HostsReport())).to.equal(`[#urls] [#bytes] [host] [#robots] [#remaining] [#novel-urls] [#novel-bytes] [#dup-by-hash-urls] ` +
      `[#dup-by-hash-bytes] [#not-modified-urls] [#not-modified-bytes]
12 150000 www.example.org 2 0 12 150000 0 0 0 0 
2 114 dns: 0 0 2 114 0 0 0 0 
1 3285 cdn.example.org 0 0 1 3285 0 0 0 0 
0 0 down.example.com 0 0 0 0 0 0 0 0 `);
  });

  it('HostsReport with suppressEmptyHosts (Heritrix\'s): leaves out hosts of which nothing was fetched', () => {
    const config = { shouldReportAtEndOfCrawl: true, shouldReportDuringCrawl: true, suppressEmptyHosts: true };
    const report = text(new HostsReport(config));
    expect(report).to.not.contain('down.example.com');
    expect(report).to.contain('1 3285 cdn.example.org');
  });

  it('SourceTagsReport (source-report.txt): a note without source tags, else per source and host', () => {
    expect(text(new SourceTagsReport())).to.equal("No source tag information. (Is 'sourceTagSeeds' enabled?)");
    const tagged = { ...stats, sourceTags: new Map([['http://b.org/', new Map([['b.org', 3]])], ['http://a.org/', new Map([['x.a.org', 1], ['a.org', 9]])]]) };
    expect(text(new SourceTagsReport(), tagged)).to.equal(`[source] [host] [#urls]
http://a.org/ a.org 9
http://a.org/ x.a.org 1
http://b.org/ b.org 3`);
  });

  it('MimetypesReport (mimetype-report.txt)', () => {
    expect(new MimetypesReport().filename).to.equal('mimetype-report.txt');
    expect(text(new MimetypesReport())).to.equal(`[#urls] [#bytes] [mime-types]
10 140000 text/html
3 13285 image/png
2 114 text/dns`);
  });

  it('ResponseCodeReport (responsecode-report.txt)', () => {
    expect(text(new ResponseCodeReport())).to.equal(`[#urls] [rescode]
11 200
2 1
2 404`);
  });

  it('ProcessorsReport (processors-report.txt): per chain, each processor in the words of Heritrix\'s report(): its Heritrix class; an ' +
    'extractor\'s links', () => {
    const extractor = processor('extractorHtml', 12);
    extractor.reportClassName = 'org.archive.modules.extractor.ExtractorHTML';
    extractor.linksAdded = 345;
    const scoper = processor('candidateScoper', 40);
    scoper.reportClassName = 'org.archive.crawler.prefetch.CandidateScoper';
    const chains = [
      { name: 'CandidateChain', processors: [scoper] },
      { name: 'FetchChain', processors: [processor('fetchHttp', 16), extractor] },
    ];
    expect(text(new ProcessorsReport(), { ...stats, chains })).to.equal(`CandidateChain - Processors report - 201001142216
  Number of Processors: 1

Processor: org.archive.crawler.prefetch.CandidateScoper


FetchChain - Processors report - 201001142216
  Number of Processors: 2

Processor: FetchHttp

Processor: org.archive.modules.extractor.ExtractorHTML
  345 links from 12 CrawlURIs

`);
  });

  it('FrontierSummaryReport (frontier-summary-report.txt): counts and queues by state', () => {
    expect(text(new FrontierSummaryReport())).to.equal(`Frontier report - 201001142216
 Job being crawled: basic

 -----===== STATS =====-----
 Discovered:    20
 Queued:        0
 Finished:      18
  Successfully: 15
  Failed:       1
  Disregarded:  2

 -----===== QUEUES =====-----
 Already included size:     20
               pending:     0

 All class queues map size: 3
             Active queues: 1
                    In-process: 0
                         Ready: 0
                       Snoozed: 1
           Inactive queues: 0 ()
            Retired queues: 0
          Exhausted queues: 2

             Last state: FINISH`);
  });

  it('FrontierSummaryReport: with a frontier that lists its queues, Heritrix\'s longest, in-process, ready, snoozed, inactive and retired sections', () => {
    const queues: QueueSummary[] = [
      { key: 'org,example,cdn,', state: 'ready', size: 2, balance: 3000, totalSpent: 1, totalBudget: -1, wakeAt: 0, lastQueued: 'http://cdn.example.org/b.png', lastPeeked: 'http://cdn.example.org/a.png' },
      { key: 'org,example,www,', state: 'snoozed', size: 5, balance: 2998, totalSpent: 14, totalBudget: -1, wakeAt: NOW + 2500, lastQueued: 'http://www.example.org/z', lastPeeked: 'http://www.example.org/y' },
      { key: 'com,example,down,', state: 'retired', size: 1, balance: 0, totalSpent: 101, totalBudget: 100, wakeAt: 0 },
      { key: 'net,example,gone,', state: 'exhausted', size: 0, balance: 0, totalSpent: 3, totalBudget: -1, wakeAt: 0 },
    ];
    const running = { ...stats, queues: () => queues, progress: { ...stats.progress, state: 'RUNNING' as const, frontier: { ...stats.progress.frontier, queued: 8 } } };
    const report = text(new FrontierSummaryReport(), running);
    expect(report.slice(report.indexOf('          Exhausted queues:'))).to.equal(`          Exhausted queues: 2

             Last state: RUN

 -----===== 3 LONGEST QUEUES =====-----
LONGEST#0:
Queue org,example,www,
  5 items
   wakes in: 2s500ms
    last enqueued: http://www.example.org/z
      last peeked: http://www.example.org/y
   total expended: 14 (total budget: -1)
   active balance: 2998

LONGEST#1:
Queue org,example,cdn,
  2 items
    last enqueued: http://cdn.example.org/b.png
      last peeked: http://cdn.example.org/a.png
   total expended: 1 (total budget: -1)
   active balance: 3000

LONGEST#2:
Queue com,example,down,
  1 items
    last enqueued: null
      last peeked: null
   total expended: 101 (total budget: 100)
   active balance: 0


 -----===== IN-PROCESS QUEUES =====-----

 -----===== READY QUEUES =====-----
READY#0:
Queue org,example,cdn,
  2 items
    last enqueued: http://cdn.example.org/b.png
      last peeked: http://cdn.example.org/a.png
   total expended: 1 (total budget: -1)
   active balance: 3000


 -----===== SNOOZED QUEUES =====-----
SNOOZED#0:
Queue org,example,www,
  5 items
   wakes in: 2s500ms
    last enqueued: http://www.example.org/z
      last peeked: http://www.example.org/y
   total expended: 14 (total budget: -1)
   active balance: 2998


 -----===== INACTIVE QUEUES =====-----

 -----===== RETIRED QUEUES =====-----
RETIRED#0:
Queue com,example,down,
  1 items
    last enqueued: null
      last peeked: null
   total expended: 101 (total budget: 100)
   active balance: 0
`);
  });

  it('ToeThreadsReport (threads-report.txt)', () => {
    expect(new ToeThreadsReport().filename).to.equal('threads-report.txt');
    expect(text(new ToeThreadsReport(), { ...stats, progress: { ...stats.progress, busyWorkers: 4 } })).to.equal(`Toe threads report - 201001142216
 Job being crawled: basic
 Number of toe threads in pool: 25 (4 active)
`);
  });

  describe('FrontierNonemptyReport (frontier-nonempty-report.txt)', () => {
    const left = { ...stats, progress: { ...stats.progress, frontier: { ...stats.progress.frontier, queued: 7 } } };

    it('says "frontier empty" when nothing is queued', () => {
      expect(text(new FrontierNonemptyReport())).to.equal('frontier empty');
    });

    it('lists the queues left by state, when the frontier lists them', () => {
      const queues: QueueSummary[] = [
        { key: 'org,example,www,', state: 'snoozed', size: 5, balance: 2998, totalSpent: 14, totalBudget: -1, wakeAt: NOW + 2500 },
        { key: 'org,example,cdn,', state: 'ready', size: 2, balance: 3000, totalSpent: 1, totalBudget: -1, wakeAt: 0 },
        { key: 'com,example,down,', state: 'exhausted', size: 0, balance: 0, totalSpent: 101, totalBudget: -1, wakeAt: 0 },
      ];
      expect(text(new FrontierNonemptyReport(), { ...left, queues: () => queues })).to.equal(`
 -----===== IN-PROCESS QUEUES =====-----

 -----===== READY QUEUES =====-----
queue currentSize sessionBalance wakeTime totalSpend/totalBudget
org,example,cdn, 2 3000 - 1/-1

 -----===== SNOOZED QUEUES =====-----
queue currentSize sessionBalance wakeTime totalSpend/totalBudget
org,example,www, 5 2998 2s500ms 14/-1

 -----===== INACTIVE QUEUES =====-----

 -----===== RETIRED QUEUES =====-----`);
    });

    it('says how many URIs are left when the frontier does not list its queues', () => {
      expect(text(new FrontierNonemptyReport(), left)).to.equal('7 URIs queued; this frontier does not list its queues');
    });
  });

  it('the default set is Heritrix\'s nine, in its order, then report.html, each written at the end of the crawl', () => {
    const reports = defaultReports();
    expect(reports.map((r) => r.filename)).to.deep.equal([
      'crawl-report.txt', 'seeds-report.txt', 'hosts-report.txt', 'source-report.txt', 'mimetype-report.txt',
      'responsecode-report.txt', 'processors-report.txt', 'frontier-summary-report.txt', 'threads-report.txt', 'report.html',
    ]);
    expect(reports.every((r) => r.shouldReportAtEndOfCrawl)).to.equal(true);
  });
});
