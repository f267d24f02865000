import type { CrawlStatistics, HostTally, ProgressPoint } from '../../model/crawl-statistics.js';
import { escapeHtml } from '../../util/escape-html.js';
import { counted, nounFor } from '../../util/counted.js';
import { formatDuration } from '../../util/format-duration.js';
import { describeRunEnd } from './describe-run-end.js';
import { Report } from './report.js';
import { byCountDescending, formatBytesForDisplay } from './report-format.js';
import { svgLineChart } from './svg-line-chart.js';

/** The page's look: inline, so that the page needs nothing but itself. */
const STYLE = `body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2430;background:#fafaf7;margin:0 auto;max-width:980px;padding:1.5em}
h1{font-size:1.5em;margin:0 0 .2em}h2{font-size:1.1em;margin:1.6em 0 .5em;border-bottom:1px solid #d8dbe0;padding-bottom:.2em}
.muted,.axis{color:#68707d;fill:#68707d;font-size:12px}.grid{stroke:#e3e5e8}
.cards{display:flex;flex-wrap:wrap;gap:.6em}.card{background:#fff;border:1px solid #e3e5e8;border-radius:6px;padding:.5em .9em;min-width:8em}
.card b{display:block;font-size:1.3em}figure{margin:0 0 1em;background:#fff;border:1px solid #e3e5e8;border-radius:6px;padding:.6em}
figcaption{font-weight:600;margin-bottom:.3em}.key{font-weight:normal;font-size:12px;border-left:10px solid;padding-left:4px;margin-left:.8em}
.cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(440px,1fr));gap:0 1.5em}
table{border-collapse:collapse;width:100%;background:#fff}th,td{text-align:left;padding:.2em .5em;border-bottom:1px solid #eceef0;vertical-align:top}
th{font-weight:600;color:#45505e}td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.name{word-break:break-all}.bar{display:inline-block;height:.7em;background:#4e79a7;border-radius:2px}
.SEVERE{color:#b3261e;font-weight:600}.WARNING{color:#8a5a00;font-weight:600}`;

const BLUE = '#4e79a7';
const GREEN = '#59a14f';
const RED = '#e15759';

/**
 * report.html, in the run folder beside the reports: one page that needs nothing but itself (inline
 * style and SVG charts, no script) showing the run at a glance: totals, URIs and bytes over time,
 * status codes, MIME types, the busiest, slowest and failing hosts, and the alerts.
 */
export class HtmlReport extends Report {
  readonly filename = 'report.html';
  readonly besideReports = true;

  *lines(s: CrawlStatistics): Iterable<string> {
    const top = (this.config as { readonly maxRows?: number }).maxRows ?? 20;
    const title = `beancrawl: ${s.crawlName || 'crawl'}`;
    yield '<!DOCTYPE html>';
    yield '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">';
    yield `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>`;
    yield `<h1>${escapeHtml(title)}</h1>`;
    const ended = describeRunEnd(s.exitStatus);
    yield `<p class="muted">${escapeHtml(`${ended.charAt(0).toUpperCase()}${ended.slice(1)}`)} (${escapeHtml(s.exitStatus)}) · ran ` +
      `${escapeHtml(formatDuration(s.snapshot.elapsedMs))} · written ${escapeHtml(new Date(s.now).toISOString())}</p>`;
    yield* this.#totals(s);
    yield* this.#charts(s.series ?? []);
    yield '<div class="cols">';
    yield* table('Status codes', ['status', 'URIs'], byCountDescending(s.statusCodes, (n) => n).map(([code, n]) => [code === 1 ? '1 (DNS ' +
      'answer)' : String(code), n]), 1, top);
    yield* table('MIME types', ['MIME ' +
      'type', 'URIs', 'bytes'], byCountDescending(s.mimeTypes, (m) => m.urls).map(([mime, m]) => [mime, m.urls, bytes(m.bytes)]), 1, top);
    yield '</div>';
    yield* table('Hosts, most URIs first', ['host', 'URIs', 'bytes', 'robots.txt denials'],
      byCountDescending(s.hosts, (h) => h.urls).map(([host, h]) => [host, h.urls, bytes(h.bytes), h.robotsDenials]), 1, top);
    yield '<div class="cols">';
    yield* table('Slowest hosts (average fetch time)', ['host', 'average fetch (ms)', 'fetches'], slowest(s.hosts), 1, top);
    yield* table('Failing hosts (errors: failed, or answered with a status of 400 or more; a robots.txt answered 4xx is no ' +
      'error)', ['host', 'errors', 'by status'],
      failing(s.hosts).map(([host, n, by]) => [host, n, by]), 1, top);
    yield '</div>';
    yield* table('Seeds', ['seed', 'status', 'redirected to'], [...s.seeds.values()].map((seed) => [seed.uri, seed.status ? `${seed.status} ` +
      `${seed.status > 0 ? 'CRAWLED' : 'NOTCRAWLED'}` : 'not tried', seed.redirect ?? '']), -1, top);
    yield* alerts(s);
    yield '</body></html>';
  }

  *#totals(s: CrawlStatistics): Iterable<string> {
    const snap = s.snapshot;
    let seedsCrawled = 0;
    for (const seed of s.seeds.values()) if (seed.status > 0) seedsCrawled++;
    const processed = snap.downloaded + snap.failures + snap.disregards;
    const hosts = s.hosts.size - (s.hosts.has('dns:') ? 1 : 0);
    // The errors of the failing hosts' table: the URIs that failed and the answers of 400 or more.
    let errorAnswers = 0;
    for (const h of s.hosts.values()) for (const [code, n] of Object.entries(h.errors ?? {})) if (Number(code) >= 400) errorAnswers += n;
    const cards: Array<[string | number, string]> = [
      [processed, nounFor(processed, 'URI processed', 'URIs processed')], [snap.downloaded, 'succeeded'],
      [errorAnswers, `of them answered 400 or more`], [snap.failures, 'failed (no answer, or not fetched)'],
      [snap.disregards, 'disregarded'], [bytes(snap.bytes), 'downloaded'], [hosts, nounFor(hosts, 'host')],
      [`${seedsCrawled} of ${s.seeds.size}`, `${nounFor(s.seeds.size, 'seed')} crawled`], [snap.docsPerSecond.toFixed(2), 'URIs/s'],
    ];
    yield `<div class="cards">${cards.map(([v, k]) => `<div class="card"><b>${escapeHtml(v)}</b>${escapeHtml(k)}</div>`).join('')}</div>`;
  }

  *#charts(series: readonly ProgressPoint[]): Iterable<string> {
    yield '<h2>Progress</h2>';
    if (series.length < 2) {
      yield '<p class="muted">Too short a run for charts (progress is sampled every intervalSeconds).</p>';
      return;
    }
    const xs = series.map((p) => p.timestamp - series[0].timestamp);
    yield svgLineChart('URIs', xs, [
      { name: 'discovered', colour: BLUE, values: series.map((p) => p.discovered) },
      { name: 'downloaded', colour: GREEN, values: series.map((p) => p.downloaded) },
      { name: 'failed', colour: RED, values: series.map((p) => p.failures) },
    ], (v) => String(Math.round(v)));
    yield svgLineChart('Bytes downloaded', xs, [{ name: 'bytes', colour: BLUE, values: series.map((p) => p.bytes) }], bytes);
  }
}

const bytes = (n: number) => formatBytesForDisplay(n);

/** A table with a bar after the number in column `barColumn`; at most `top` rows, saying how many were left out. */
function* table(title: string, head: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>, barColumn: number, top: number): Iterable<string> {
  yield `<section><h2>${escapeHtml(title)}</h2>`;
  if (!rows.length) {
    yield '<p class="muted">None.</p></section>';
    return;
  }
  const max = rows.reduce((m, r) => (typeof r[barColumn] === 'number' ? Math.max(m, r[barColumn] as number) : m), 1);
  yield `<table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>`;
  for (const row of rows.slice(0, top)) {
    const cells = row.map((v, i) => {
      if (i === 0) return `<td class="name">${escapeHtml(v)}</td>`;
      const bar = i === barColumn && typeof v === 'number' ? ` <span class="bar" style="width:${Math.round((60 * v) / max)}px"></span>` : '';
      return `<td class="n">${escapeHtml(v)}${bar}</td>`;
    });
    yield `<tr>${cells.join('')}</tr>`;
  }
  yield '</tbody></table>';
  if (rows.length > top) yield `<p class="muted">${counted(rows.length - top, 'more row')} not shown.</p>`;
  yield '</section>';
}

/** Hosts by average fetch time, slowest first: [host, average ms, fetches]. */
function slowest(hosts: ReadonlyMap<string, HostTally>): Array<[string, number, number]> {
  const out: Array<[string, number, number]> = [];
  for (const [host, h] of hosts) if (h.fetches) out.push([host, Math.round((h.fetchMs ?? 0) / h.fetches), h.fetches]);
  return out.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** Hosts with errors, most first: [host, errors, `404×2 -6×1`]. */
function failing(hosts: ReadonlyMap<string, HostTally>): Array<[string, number, string]> {
  const out: Array<[string, number, string]> = [];
  for (const [host, h] of hosts) {
    const by = Object.entries(h.errors ?? {}).sort((a, b) => b[1] - a[1]);
    const n = by.reduce((sum, [, c]) => sum + c, 0);
    if (n > 0) out.push([host, n, by.map(([code, c]) => `${code}×${c}`).join(' ')]);
  }
  return out.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

function* alerts(s: CrawlStatistics): Iterable<string> {
  const list = s.alerts ?? [];
  const total = list.at(-1)?.seq ?? 0;
  yield '<section><h2>Alerts</h2>';
  if (!total) {
    yield '<p class="muted">None.</p></section>';
    return;
  }
  yield `<p class="muted">${counted(total, 'alert')} in all${total > list.length ? `, the last ${list.length} shown` : ''}; every one is in ` +
    `logs/alerts.log.</p><ul>`;
  for (const a of list) yield `<li><span class="${a.severity === 'SEVERE' ? 'SEVERE' : 'WARNING'}">${escapeHtml(a.severity)}</span> ` +
    `${escapeHtml(a.message)}</li>`;
  yield '</ul></section>';
}
