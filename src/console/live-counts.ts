import type { JobStatus } from './api-types.js';
import { bytes, count, duration, rate } from './format.js';
import { html } from './html.js';

/** The frontier's queue states, in the order shown. */
const QUEUE_STATES = ['total', 'inProcess', 'ready', 'snoozed', 'inactive', 'retired', 'ineligible', 'exhausted'];
const QUEUE_LABELS: Readonly<Record<string, string>> = { inProcess: 'in process' };

/**
 * The crawl's numbers: counts, rates, the frontier's queues by state, and its alerts (the
 * running crawl's, or the last run's counts when none runs).
 */
export function LiveCounts({ job, serviceAlerts }: { job: JobStatus; serviceAlerts: ReadonlyArray<{ at: string; message: string }> }) {
  const c = job.counts;
  const recent = job.rates?.lastMinute;
  const item = (name: string, label: string, value: string) => html`<div><dt>${label}</dt><dd data-count=${name}>${value}</dd></div>`;
  const queues = job.queues ? QUEUE_STATES.filter((s) => job.queues![s] !== undefined).concat(Object.keys(job.queues).filter((s) => !QUEUE_STATES.includes(s))) : [];
  const alerts = [...(job.alert ? [{ severity: 'SEVERE', message: job.alert }] : []), ...(job.recentAlerts ?? []), ...serviceAlerts.map((a) => ({ severity: 'SERVICE', message: a.message }))];

  return html`<div class="live-counts">
    <h3>Counts${job.running ? '' : html` <span class="subtle">(the last run's)</span>`}</h3>
    <dl class="counts">
      ${item('downloaded', 'Downloaded', count(c?.downloaded))}
      ${item('queued', 'Queued', count(c?.queued))}
      ${item('failed', 'Failed', count(c?.failed))}
      ${item('disregarded', 'Disregarded', count(c?.disregarded))}
      ${item('discovered', 'Discovered', count(c?.discovered))}
      ${item('bytes', 'Bytes', bytes(c?.bytes))}
      ${item('elapsed', 'Elapsed', duration(c?.elapsedMs))}
    </dl>
    <h3>Rates</h3>
    <dl class="counts">
      ${item('docs-per-second', 'Documents/s (last minute)', rate(recent?.documentsPerSecond))}
      ${item('kib-per-second', 'KiB/s (last minute)', rate(recent === undefined ? undefined : recent.bytesPerSecond / 1024))}
      ${item('average-docs-per-second', 'Documents/s (run average)', rate(job.rates?.averageDocumentsPerSecond))}
      ${job.busyWorkers !== undefined ? item('busy-workers', 'Busy workers', count(job.busyWorkers)) : null}
    </dl>
    ${queues.length ? html`<h3>Frontier queues</h3>
      <dl class="counts queues">${queues.map((s) => item(`queues-${s}`, QUEUE_LABELS[s] ?? s, count(job.queues![s])))}</dl>` : null}
    <h3>Alerts</h3>
    ${alerts.length
      ? html`<ul class="alerts">${alerts.map((a) => html`<li class=${`alert-${a.severity.toLowerCase()}`}><span class="severity">${a.severity}</span> ${a.message}</li>`)}</ul>`
      : html`<p class="subtle">None.</p>`}
  </div>`;
}
