import { useEffect, useState } from 'preact/hooks';
import { api, jobPath } from './api.js';
import type { Checkpoint, JobAction, JobStatus, VerifyReport } from './api-types.js';
import { JOB_ACTIONS } from './api-types.js';
import { linesOf } from './lines-of.js';
import { time } from './format.js';
import { html } from './html.js';
import { ProblemView } from './problem-view.js';

const LABELS: Readonly<Record<JobAction, string>> = { launch: 'Launch', pause: 'Pause', unpause: 'Unpause', checkpoint: 'Checkpoint', terminate: 'Terminate' };

interface ActionAnswer {
  readonly action: string;
  readonly result?: string;
  readonly checkpoint?: string;
  readonly job: JobStatus;
}

/**
 * The job's buttons: Verify, and each action enabled when the job's `availableActions` has it;
 * Launch only while the job's newest verify (`verify`) found nothing that stops a launch.
 * Launch takes the options beside it: a checkpoint to start from, and `--set` values (which
 * Verify checks too). A refusal is shown with its located errors.
 */
export function JobActions({ job, verify: verified, onJob, onVerified, onActed }: {
  job: JobStatus; verify?: VerifyReport; onJob: (job: JobStatus) => void; onVerified: (report: VerifyReport) => void; onActed?: (action: JobAction) => void;
}) {
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<unknown>();
  const [done, setDone] = useState<string>();
  const [sets, setSets] = useState('');
  const [checkpoint, setCheckpoint] = useState('');
  const [checkpoints, setCheckpoints] = useState<readonly Checkpoint[]>([]);

  const canLaunch = job.availableActions.includes('launch') && verified?.ok !== false;
  const available = (action: JobAction) => (action === 'launch' ? canLaunch : job.availableActions.includes(action));
  useEffect(() => {
    if (!canLaunch) return;
    api<Checkpoint[]>('GET', jobPath(job.name, '/checkpoints')).then(setCheckpoints, () => setCheckpoints([]));
  }, [job.name, canLaunch]);

  const call = async (label: string, request: () => Promise<string>) => {
    setBusy(label);
    setError(undefined);
    setDone(undefined);
    try {
      setDone(await request());
    } catch (e) {
      setError(e);
    } finally {
      setBusy(undefined);
    }
  };
  const verify = () => call('Verify', async () => {
    const set = linesOf(sets);
    const report = await api<VerifyReport>('POST', jobPath(job.name, '/verify'), set.length ? { set } : {});
    onVerified(report);
    const errors = report.errors.filter((e) => e.severity !== 'warning').length;
    return report.ok ? `Verified: no errors (${report.beans} beans).` : `Verified: ${errors} error${errors === 1 ? '' : 's'}, listed under Configuration.`;
  });
  const act = (action: JobAction) => call(LABELS[action], async () => {
    const set = linesOf(sets);
    const body = action === 'launch' ? { ...(set.length ? { set } : {}), ...(checkpoint ? { checkpoint } : {}) } : undefined;
    const answer = await api<ActionAnswer>('POST', jobPath(job.name, `/actions/${action}`), body);
    onJob(answer.job);
    onActed?.(action);
    if (action === 'launch') return answer.result === 'queued' ? 'Queued: as many crawls as the service runs at once are running.' : 'Launched.';
    // The answer names the checkpoint's folder; the list names it by its last part.
    if (action === 'checkpoint') return `Checkpoint ${answer.checkpoint?.split(/[\\/]/).pop() ?? ''} taken.`;
    return `${LABELS[action]}: done.`;
  });

  // Launch is the page's primary button only while it can be pressed: a running job's is an ordinary disabled one.
  const buttonClass = (action: JobAction) => (action === 'terminate' ? 'danger' : action === 'launch' && available(action) ? 'primary' : undefined);

  return html`<section class="job-actions" aria-labelledby="actions-title">
    <h2 id="actions-title" class="sr-only">Actions</h2>
    <div class="buttons">
      <button type="button" onClick=${verify} disabled=${busy !== undefined}>Verify</button>
      ${JOB_ACTIONS.map((action) => html`<button type="button" class=${buttonClass(action)}
        data-action=${action} disabled=${busy !== undefined || !available(action)} onClick=${() => act(action)}>${LABELS[action]}</button>`)}
      <span class="busy" role="status">${busy ? `${busy}…` : done ?? ''}</span>
    </div>
    <details class="launch-options">
      <summary>Launch options</summary>
      <div class="field">
        <label for="launch-checkpoint">Start from checkpoint</label>
        <select id="launch-checkpoint" value=${checkpoint} onChange=${(e: Event) => setCheckpoint((e.currentTarget as HTMLSelectElement).value)}>
          <option value="">none (resume an unfinished run, or start afresh)</option>
          ${checkpoints.length ? html`<option value="latest">the latest</option>` : null}
          ${[...checkpoints].reverse().map((c) => html`<option value=${c.name}>${c.name} (${time(c.takenAt)})</option>`)}
        </select>
      </div>
      <div class="field">
        <label for="launch-set">Values to set, one <code>bean.path=value</code> a line (as <code>--set</code>; Verify checks them too)</label>
        <textarea id="launch-set" rows="3" spellcheck=${false} value=${sets} onInput=${(e: Event) => setSets((e.currentTarget as HTMLTextAreaElement).value)}></textarea>
      </div>
    </details>
    <${ProblemView} error=${error} />
  </section>`;
}
