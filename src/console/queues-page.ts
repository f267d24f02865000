import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, api, jobPath } from './api.js';
import { QUEUE_SORTS, QUEUE_STATES, type QueueInfo, type QueueList, type QueueSort } from './api-types.js';
import { count } from './format.js';
import { html } from './html.js';
import { ProblemView } from './problem-view.js';
import { QueueRow } from './queue-row.js';
import { jobHref, Link } from './router.js';
import { usePolling } from './use-polling.js';

/** How often the queues are asked for again. */
const REFRESH_MS = 3000;
/** Queues a page lists. */
const LIMIT = 100;
const SORT_LABELS: Readonly<Record<QueueSort, string>> = { size: 'size (largest first)', key: 'key', wake: 'wake time', spent: 'budget ' +
  'spent', errors: 'failed tries (most first)' };

/**
 * The running crawl's frontier queues (`/jobs/NAME/queues`): a table sorted as chosen, filtered
 * by state and by a text of the key, a page of them at a time, asked for again every few seconds
 * (in flight, failed tries and the last try's status say why a host is stalled); each queue can be retired, reactivated,
 * or have its waiting URIs that match a pattern deleted. A job not running has no queues: the
 * page says so.
 */
export function QueuesPage({ name }: { name: string }) {
  const [sort, setSort] = useState<QueueSort>('size');
  const [state, setState] = useState('');
  const [match, setMatch] = useState('');
  const [offset, setOffset] = useState(0);
  const [list, setList] = useState<QueueList>();
  const [error, setError] = useState<unknown>();
  // Only the answer to the newest request is shown: one for an older choice may come back after it.
  const asked = useRef(0);

  const load = useCallback(async () => {
    const n = ++asked.current;
    const query = new URLSearchParams({ sort, limit: String(LIMIT), offset: String(offset), ...(state ? { state } : {}), ...(match.trim() ? { match: match.trim() } : {}) });
    try {
      const answer = await api<QueueList>('GET', jobPath(name, `/queues?${query}`));
      if (n !== asked.current) return;
      setList(answer);
      setError(undefined);
    } catch (e) {
      if (n !== asked.current) return;
      setList(undefined);
      setError(e);
    }
  }, [name, sort, state, match, offset]);
  usePolling(load, REFRESH_MS);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else void load();
  }, [load]);

  // An action's answer holds the queue as it is now: shown at once, then everything asked again.
  const onDone = (queue?: QueueInfo) => {
    if (queue) setList((prev) => prev && { ...prev, queues: prev.queues.map((q) => (q.key === queue.key ? queue : q)) });
    void load();
  };
  const notRunning = error instanceof ApiError && error.status === 409;

  return html`<section class="queues-page" aria-labelledby="queues-title">
    <h1 id="queues-title" tabindex="-1">Queues <span class="subtle">of <${Link} href=${jobHref(name)}>${name}</${Link}></span></h1>
    <div class="log-filter">
      <label for="queue-sort">Sort by</label>
      <select id="queue-sort" value=${sort} onChange=${(e: Event) => { setSort((e.currentTarget as HTMLSelectElement).value as QueueSort); setOffset(0); }}>
        ${QUEUE_SORTS.map((s) => html`<option value=${s}>${SORT_LABELS[s]}</option>`)}
      </select>
      <label for="queue-state">State</label>
      <select id="queue-state" value=${state} onChange=${(e: Event) => { setState((e.currentTarget as HTMLSelectElement).value); setOffset(0); }}>
        <option value="">any</option>
        ${QUEUE_STATES.map((s) => html`<option value=${s}>${s}</option>`)}
      </select>
      <label for="queue-match">Key contains</label>
      <input id="queue-match" type="search" value=${match} spellcheck=${false} onInput=${(e: Event) => { setMatch((e.currentTarget as HTMLInputElement).value); setOffset(0); }} />
    </div>
    ${notRunning ? html`<p role="status" class="not-running">The job is not running: its queues exist only while a crawl runs.${error.detail ? html` <span class="subtle">(${error.detail})</span>` : null}</p>`
      : html`<${ProblemView} error=${error} />`}
    ${list ? html`<p role="status">${list.total === 0 ? 'No ' +
      'queue' : `${count(list.queues.length ? offset + 1 : 0)}–${count(offset + list.queues.length)} of ${count(list.total)} ` +
      `queue${list.total === 1 ? '' : 's'}`}${state ? ` ${state}` : ''}; asked again every ${REFRESH_MS / 1000} s.</p>
      ${list.total > LIMIT ? html`<nav class="buttons pager" aria-label="Pages of queues">
        <button type="button" disabled=${offset === 0} onClick=${() => setOffset(Math.max(0, offset - LIMIT))}>Previous ${LIMIT}</button>
        <button type="button" disabled=${offset + LIMIT >= list.total} onClick=${() => setOffset(offset + LIMIT)}>Next ${LIMIT}</button>
      </nav>` : null}
      ${list.queues.length ? html`<table class="queues">
        <thead><tr>
          <th scope="col">Key</th><th scope="col">State</th><th scope="col">Size</th><th scope="col">In flight</th><th scope="col">Balance</th><th scope="col">Spent</th>
          <th scope="col">Wakes</th><th scope="col">Failed tries</th><th scope="col">Last status</th><th scope="col">Last queued</th><th scope="col">Last taken</th><th scope="col">Actions</th>
        </tr></thead>
        <tbody>${list.queues.map((q) => html`<${QueueRow} key=${q.key} job=${name} queue=${q} onDone=${onDone} />`)}</tbody>
      </table>` : null}`
      : !error ? html`<p class="subtle">Loading…</p>` : null}
  </section>`;
}
