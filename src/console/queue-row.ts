import { useState } from 'preact/hooks';
import { api, jobPath } from './api.js';
import type { QueueActionAnswer, QueueInfo } from './api-types.js';
import { statusClass } from './crawl-log-tail.js';
import { count, time } from './format.js';
import { html } from './html.js';
import { ProblemView } from './problem-view.js';

/**
 * One frontier queue in the queues table, with its actions: Retire, Reactivate, and "Delete
 * matching…", which asks for a pattern (a Java regular expression matching the whole URI) and
 * then for a confirmation on the page itself before it deletes the waiting URIs that match.
 */
export function QueueRow({ job, queue, onDone }: { job: string; queue: QueueInfo; onDone: (queue?: QueueInfo) => void }) {
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState<string>();
  const [deleting, setDeleting] = useState<'pattern' | 'confirm'>();
  const [pattern, setPattern] = useState('');
  const key = queue.key;
  const patternId = `delete-pattern-${key}`;

  const act = async (action: 'retire' | 'reactivate' | 'delete') => {
    setBusy(action);
    setError(undefined);
    setDone(undefined);
    try {
      const answer = await api<QueueActionAnswer>('POST', jobPath(job, `/queues/${encodeURIComponent(key)}/actions/${action}`), action === 'delete' ? { pattern } : undefined);
      setDone(action === 'delete' ? `Deleted ${count(answer.deleted ?? 0)} waiting ` +
        `URI${answer.deleted === 1 ? '' : 's'}.` : action === 'retire' ? 'Retired.' : 'Reactivated.');
      if (action === 'delete') setDeleting(undefined);
      onDone(answer.queue);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(undefined);
    }
  };

  return html`<tr data-queue=${key} data-state=${queue.state}>
      <th scope="row"><code>${key}</code></th>
      <td class="queue-state">${queue.state}${queue.precedence !== undefined ? html`<br /><span class="subtle">precedence ${queue.precedence}</span>` : null}</td>
      <td class="num" data-size>${count(queue.size)}</td>
      <td class="num">${queue.inFlight ?? 0}</td>
      <td class="num">${count(queue.balance)}</td>
      <td class="num">${count(queue.totalSpent)}${queue.totalBudget >= 0 ? ` of ${count(queue.totalBudget)}` : ''}</td>
      <td>${queue.wakeAt > 0 ? time(new Date(queue.wakeAt).toISOString()) : '–'}</td>
      <td class="num" data-errors>${count(queue.errors ?? 0)}</td>
      <td>${queue.lastStatus === undefined ? '–' : html`<span class=${`status ` +
        `status-${statusClass(String(queue.lastStatus))}`}>${queue.lastStatus}</span>`}</td>
      <td class="uri">${queue.lastQueued ?? '–'}</td>
      <td class="uri">${queue.lastPeeked ?? '–'}</td>
      <td>
        <div class="row-actions">
          <button type="button" disabled=${busy !== undefined || queue.state === 'retired'} aria-label=${`Retire ` +
            `${key}`} onClick=${() => act('retire')}>Retire</button>
          <button type="button" disabled=${busy !== undefined || queue.state !== 'retired'} aria-label=${`Reactivate ` +
            `${key}`} onClick=${() => act('reactivate')}>Reactivate</button>
          <button type="button" class="danger" aria-expanded=${deleting !== undefined} aria-label=${`Delete matching URIs of ${key}…`}
            onClick=${() => setDeleting(deleting ? undefined : 'pattern')}>Delete matching…</button>
          <span role="status" class="busy">${busy ? `${busy}…` : done ?? ''}</span>
        </div>
        ${deleting ? html`<form class="delete-matching" onSubmit=${(e: Event) => {
          e.preventDefault();
          if (deleting === 'pattern' && pattern) setDeleting('confirm');
          else if (deleting === 'confirm') void act('delete');
        }}>
          <div class="field">
            <label for=${patternId}>Pattern (a Java regular expression matching the whole URI)</label>
            <input id=${patternId} value=${pattern} spellcheck=${false} required
              onInput=${(e: Event) => { setPattern((e.currentTarget as HTMLInputElement).value); setDeleting('pattern'); }} />
          </div>
          ${deleting === 'pattern' ? html`<div class="buttons">
            <button type="submit" disabled=${!pattern}>Delete matching…</button>
            <button type="button" onClick=${() => setDeleting(undefined)}>Cancel</button>
          </div>` : html`<p class="bad">Delete the URIs waiting in <code>${key}</code> that match <code>${pattern}</code>? They leave the queue and the crawl's state for good.</p>
          <div class="buttons">
            <button type="submit" class="danger" disabled=${busy !== undefined}>Delete them</button>
            <button type="button" onClick=${() => setDeleting('pattern')}>Cancel</button>
          </div>`}
        </form>` : null}
        <${ProblemView} error=${error} />
      </td>
    </tr>`;
}
