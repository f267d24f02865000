import { expect } from 'chai';
import type { CrawlSnapshot, CrawlStatistics } from '../../model/crawl-statistics.js';
import { wellFormedText } from '../../../test/support/well-formed-html.js';
import { HtmlReport } from './html-report.js';
import { ProgressSeries } from './progress-series.js';

const snapshot = (t: number, downloaded: number): CrawlSnapshot => ({
  timestamp: t, elapsedMs: t, discovered: downloaded + 2, queued: 0, downloaded, failures: 0, disregards: 0, bytes: downloaded * 100,
  docsPerSecond: 1, currentDocsPerSecond: 1, kibPerSecond: 1, currentKibPerSecond: 1, busyThreads: 0, heapUsedKib: 0, heapSizeKib: 0,
  congestion: 0, deepestQueue: 0, averageDepth: 0,
});

const HOSTILE = '<script>alert("x")</script>&\'';

const stats: CrawlStatistics = {
  crawlName: 'c<b>', exitStatus: 'FINISHED', now: 0, snapshot: snapshot(2000, 3),
  progress: { state: 'FINISHED', busyWorkers: 0, bytes: 0, documents: 3, seedsCrawled: 1, elapsedMs: 2000, frontier: { discovered: 5, queued: 0, inProcess: 0, succeeded: 3, failed: 0, disregarded: 0, queues: { total: 1, ready: 0, snoozed: 0, retired: 0 } } },
  hosts: new Map([[HOSTILE, { urls: 3, bytes: 300, robotsDenials: 0, novelUrls: 3, novelBytes: 300, errors: { 404: 2, '-2': 1 }, fetches: 4, fetchMs: 400 }]]),
  mimeTypes: new Map([[`text/${HOSTILE}`, { urls: 3, bytes: 300 }]]),
  statusCodes: new Map([[200, 1], [404, 2]]),
  sourceTags: new Map(),
  seeds: new Map([[`http://a/${HOSTILE}`, { uri: `http://a/${HOSTILE}`, status: 200 }]]),
  chains: [], toeThreads: 1,
  series: [snapshot(0, 0), snapshot(1000, 1), snapshot(2000, 3)],
  alerts: [{ seq: 7, severity: 'SEVERE', message: `seed ${HOSTILE} is not a crawlable URL` }],
};

describe(HtmlReport.name, () => {
  const html = [...new HtmlReport().lines(stats)].join('\n');

  it('writes report.html beside the reports folder', () => {
    expect(new HtmlReport().filename).to.equal('report.html');
    expect(new HtmlReport().besideReports).to.equal(true);
  });

  it('escapes every value from the crawl: host names, MIME types, URLs, alerts', () => {
    expect(html).to.not.contain('<script');
    expect(html).to.not.contain('c<b>');
    expect(html).to.contain('c&lt;b&gt;');
    expect(html).to.contain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    const text = wellFormedText(html);
    expect(text).to.contain(`seed ${HOSTILE} is not a crawlable URL`);
    expect(text).to.contain(`text/${HOSTILE}`);
    expect(text).to.contain(`http://a/${HOSTILE}`);
  });

  it('draws the series, and tells the errors, the average fetch time and how many alerts there were', () => {
    expect(html.match(/<polyline /g)).to.have.length(4);
    const text = wellFormedText(html);
    expect(text).to.contain('404×2 -2×1');
    expect(html).to.match(/<td class="n">100 <span class="bar"/);
    expect(text).to.contain('7 alerts in all, the last 1 shown');
  });

  it('counts as the rest of beancrawl does: the noun agrees with the number, the time taken as 9 min 55 s; finished said only of a finished run', () => {
    const one = [...new HtmlReport().lines({ ...stats, exitStatus: 'ABORTED', snapshot: { ...stats.snapshot, elapsedMs: 594_900 } })].join('\n');
    const text = wellFormedText(one).replace(/\s+/g, ' ');
    expect(text).to.contain('Not finished: ended by the operator (terminate); the next launch starts a new run (ABORTED) · ran 9 min 55 s');
    expect(text).to.not.match(/\b1 hosts\b|\b1 seeds\b|\d+m\d+s\d+ms/);
    expect(one).to.contain('<b>1</b>host</div>');
    expect(one).to.contain('<b>1 of 1</b>seed crawled</div>');
    // The failing host's 404×2 beside the count of answers of 400 or more, and its -2 beside the failed.
    expect(one).to.contain('<b>2</b>of them answered 400 or more</div>');
  });
});

describe(ProgressSeries.name, () => {
  it('keeps at most maxPoints samples however many come, evenly spread, the latest always last', () => {
    const series = new ProgressSeries(10);
    for (let i = 0; i <= 1000; i++) series.add(snapshot(i * 1000, i));
    const points = series.points();
    expect(points.length).to.be.at.most(11);
    expect(points[0].downloaded).to.equal(0);
    expect(points.at(-1)!.downloaded).to.equal(1000);
    const gaps = points.slice(1, -1).map((p, i) => p.downloaded - points[i].downloaded);
    expect(new Set(gaps).size, String(gaps)).to.equal(1);
  });
});
