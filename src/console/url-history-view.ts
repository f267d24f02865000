import type { UrlHistory } from './api-types.js';
import { html } from './html.js';
import { statusClass } from './crawl-log-tail.js';

/** crawl.log's empty column. */
function isNone(field: string): boolean {
  return field === '' || field === '-';
}

/**
 * What the job recorded of one URL (GET …/why): whether it was seen, how it was found, every
 * crawl.log line about it as a table, its delta kinds and WARC records, the configuration's scope
 * decision now, and the sources read (and what could not be).
 */
export function UrlHistoryView({ history }: { history: UrlHistory }) {
  return html`<article class="url-history" data-url=${history.url} data-seen=${String(history.seen)}>
    <h3><code>${history.url}</code></h3>
    ${history.normalized && history.normalized !== history.url ? html`<p>Normalized: <code>${history.normalized}</code></p>` : null}
    <p class=${history.seen ? 'ok' : 'subtle'}>${history.seen ? 'Seen in this job.' : 'Never seen: no run\'s crawl.log has it.'}</p>
    ${history.discovered ? (isNone(history.discovered.via)
      ? html`<p>A seed (found on no page), first in run ${history.discovered.run}.</p>`
      : html`<p>Found on <code>${history.discovered.via}</code> by the hops <code>${history.discovered.hops}</code>, first in run ${history.discovered.run}.</p>`) : null}
    ${history.scope ? html`<p>The configuration now: <strong>${history.scope.decision}</strong>${history.scope.rule ? html` by rule ${history.scope.index} <code>${history.scope.rule}</code>` : ''}.</p>` : null}
    ${history.attempts.length ? html`<table class="attempts">
      <caption>crawl.log lines</caption>
      <thead><tr><th scope="col">Run</th><th scope="col">Time</th><th scope="col">Status</th><th scope="col">Size</th><th scope="col">Hops</th><th scope="col">Via</th>
        <th scope="col">Type</th><th scope="col">Fetch</th><th scope="col">Digest</th><th scope="col">Annotations</th></tr></thead>
      <tbody>${history.attempts.map((a) => html`<tr data-status=${a.status}>
        <td>${a.run}</td><td>${a.at}</td><td class=${`status ` +
          `status-${statusClass(String(a.status))}`}>${a.status}</td><td>${a.size}</td><td><code>${a.hops}</code></td>
        <td class="uri">${a.via}</td><td>${a.mime}</td><td>${a.fetch}</td><td><code>${a.digest}</code></td><td>${a.annotations}</td>
      </tr>`)}</tbody>
    </table>` : null}
    ${history.kinds.length ? html`<p>Delta kinds: ${history.kinds.map((k, i) => html`${i ? ', ' : ''}${k.kind} <span class="subtle">(${k.run})</span>`)}</p>` : null}
    ${history.records.length ? html`<table class="records">
      <caption>WARC records</caption>
      <thead><tr><th scope="col">Run</th><th scope="col">Time</th><th scope="col">Status</th><th scope="col">Type</th><th scope="col">File</th><th scope="col">Offset</th><th scope="col">Length</th></tr></thead>
      <tbody>${history.records.map((r) => html`<tr><td>${r.run}</td><td>${r.timestamp}</td><td>${r.status ?? '–'}</td><td>${r.mime}</td><td><code>${r.filename}</code></td><td>${r.offset}</td><td>${r.length}</td></tr>`)}</tbody>
    </table>` : null}
    <h4>Sources read</h4>
    <ul class="sources">${history.sources.map((s) => html`<li>${s}</li>`)}</ul>
    ${history.notes.length ? html`<ul class="notes">${history.notes.map((n) => html`<li>${n}</li>`)}</ul>` : null}
  </article>`;
}
