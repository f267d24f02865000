import { useEffect, useState } from 'preact/hooks';
import { api, jobPath } from './api.js';
import type { Checkpoint } from './api-types.js';
import { time } from './format.js';
import { html } from './html.js';

/** The job's checkpoints, newest first, asked for again when `refresh` changes (a checkpoint taken, the state changed). */
export function CheckpointList({ job, refresh }: { job: string; refresh: string }) {
  const [checkpoints, setCheckpoints] = useState<readonly Checkpoint[]>();
  useEffect(() => {
    api<Checkpoint[]>('GET', jobPath(job, '/checkpoints')).then(setCheckpoints, () => setCheckpoints(undefined));
  }, [job, refresh]);
  return html`<section class="checkpoints" aria-labelledby="checkpoints-title">
    <h2 id="checkpoints-title">Checkpoints</h2>
    ${checkpoints?.length
      ? html`<ul>${[...checkpoints].reverse().map((c) => html`<li data-checkpoint=${c.name}><code>${c.name}</code> <span class="subtle">taken ${time(c.takenAt)} in run ${c.run}</span></li>`)}</ul>
        <p class="subtle">Launch options start a crawl from one.</p>`
      : html`<p class="subtle">None.</p>`}
  </section>`;
}
