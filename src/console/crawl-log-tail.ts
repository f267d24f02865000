import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, jobPath } from './api.js';
import type { LogPage } from './api-types.js';
import { html } from './html.js';
import { oneAtATime } from './one-at-a-time.js';

/** Lines of crawl.log shown. */
export const TAIL_LINES = 20;
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

/**
 * The class of a fetch status, for its colour: 1xx to 5xx; error for Heritrix's negative codes
 * and 0 (no answer); other for the rest (1: a DNS lookup that succeeded).
 */
export function statusClass(status: string): string {
  const n = Number(status);
  if (!Number.isInteger(n)) return 'other';
  if (n <= 0) return 'error';
  if (n >= 100 && n < 600) return `${Math.floor(n / 100)}xx`;
  return 'other';
}

/** A crawl.log line cut where its columns are: time, status, and the rest as it is. */
function columns(line: string): { time: string; status: string; rest: string } {
  const m = /^(\S+)\s+(\S+)(.*)$/.exec(line);
  return m ? { time: m[1], status: m[2], rest: m[3] } : { time: '', status: '', rest: line };
}

/**
 * The last lines of the run's crawl.log (GET …/logs/crawl?tail=20), asked again whenever
 * `refresh` changes (each statistics tick), optionally only those of a status class or whose URL
 * holds a text. Every part of a line is text: a crawled URL is never markup, whatever it holds.
 */
export function CrawlLogTail({ job, run, refresh }: { job: string; run: string | undefined; refresh: string }) {
  const [lines, setLines] = useState<readonly string[]>([]);
  const [contains, setContains] = useState('');
  const [status, setStatus] = useState('');
  // The effect asks; the one request in flight reads the newest filter when it runs again.
  const current = useRef({ job, run, contains, status });
  current.current = { job, run, contains, status };
  const load = useMemo(() => oneAtATime(async () => {
    const p = current.current;
    if (!p.run) {
      setLines([]);
      return;
    }
    const query = new URLSearchParams({ tail: String(TAIL_LINES), run: p.run });
    if (p.contains) query.set('contains', p.contains);
    if (p.status) query.set('status', p.status);
    // A tail that cannot be had leaves the lines shown; the next refresh asks again.
    const page = await api<LogPage>('GET', jobPath(p.job, `/logs/crawl?${query}`)).catch(() => undefined);
    if (page) setLines(page.lines);
  }), []);
  useEffect(() => void load(), [job, run, refresh, contains, status, load]);

  return html`<section class="crawl-log" aria-labelledby="crawl-log-title">
    <h2 id="crawl-log-title">crawl.log <span class="subtle">(the last ${TAIL_LINES} lines${contains || status ? ' that match' : ''})</span></h2>
    <div class="log-filter">
      <label for="log-contains">URL contains</label>
      <input id="log-contains" type="search" spellcheck=${false} value=${contains} onInput=${(e: Event) => setContains((e.currentTarget as HTMLInputElement).value.trim())} />
      <label for="log-status">Status</label>
      <select id="log-status" value=${status} onChange=${(e: Event) => setStatus((e.currentTarget as HTMLSelectElement).value)}>
        <option value="">any</option>
        ${STATUS_CLASSES.map((c) => html`<option value=${c}>${c}</option>`)}
      </select>
    </div>
    ${lines.length
      ? html`<ol class="log-lines" tabindex="0" aria-label="The last lines of crawl.log">${lines.map((line) => {
        const c = columns(line);
        return html`<li><span class="log-time">${c.time}</span> <span class=${`status status-${statusClass(c.status)}`}>${c.status}</span><span class="log-rest">${c.rest}</span></li>`;
      })}</ol>`
      : html`<p class="subtle">${!run ? 'No run yet.' : contains || status ? 'No line matches.' : 'Nothing logged yet.'}</p>`}
  </section>`;
}
