import type { RunRecord } from './api-types.js';
import { count, duration, time } from './format.js';
import { html } from './html.js';

/** The job's runs, newest first: when, how each ended (its exit status), what it downloaded. */
export function RunHistory({ runs }: { runs: readonly RunRecord[] }) {
  return html`<section class="runs" aria-labelledby="runs-title">
    <h2 id="runs-title">Runs</h2>
    ${runs.length ? html`<table class="run-history">
      <thead><tr><th scope="col">Run</th><th scope="col">Started</th><th scope="col">Ended</th><th scope="col">Exit status</th><th scope="col">Downloaded</th><th scope="col">Elapsed</th></tr></thead>
      <tbody>${[...runs].reverse().map((r) => html`<tr key=${r.run}>
        <th scope="row"><code>${r.run}</code>${r.continues ? html`<br /><span class="subtle">continues ${r.continues}</span>` : null}</th>
        <td>${time(r.startedAt)}</td>
        <td>${r.endedAt ? time(r.endedAt) : html`<span class="subtle">not ended</span>`}</td>
        <td data-exit-status=${r.exitStatus ?? ''}>${r.exitStatus ?? '–'}${r.exitCode !== undefined ? html` <span class="subtle">(exit code ${r.exitCode})</span>` : null}</td>
        <td>${count(r.counts?.downloaded)}</td>
        <td>${duration(r.counts?.elapsedMs)}</td>
      </tr>`)}</tbody>
    </table>` : html`<p class="subtle">Never launched.</p>`}
  </section>`;
}
