import { useEffect, useRef, useState } from 'preact/hooks';
import { api, jobPath } from './api.js';
import type { JobSummary } from './api-types.js';
import { html } from './html.js';
import { ProblemView } from './problem-view.js';

type Asking = 'copy' | 'profile' | 'delete' | undefined;

/** A button that asks more before it acts says so with an ellipsis, left out of its name ("Copy life"). */
const ellipsis = () => html`<span aria-hidden="true">…</span>`;

/**
 * What the engine page does to one job: copy it to a new job, save it as a profile, delete it.
 * Each asks in place (a name, or a confirmation) before it calls the API; no browser dialog.
 */
export function JobRowActions({ job, onDone }: { job: JobSummary; onDone: (notice: string) => Promise<void> }) {
  const [asking, setAsking] = useState<Asking>();
  const [newName, setNewName] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const id = `job-${job.name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  // What a question opens takes the focus, so that the keyboard goes on from there.
  const first = useRef<HTMLInputElement & HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), [asking]);

  const ask = (what: Asking) => {
    setAsking(what);
    setError(undefined);
    setNewName(what === 'copy' ? `${job.name}-copy` : what === 'profile' ? job.name : '');
  };
  const run = async (call: () => Promise<string>) => {
    setBusy(true);
    setError(undefined);
    try {
      const notice = await call();
      setAsking(undefined);
      await onDone(notice);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const copy = (e: SubmitEvent) => {
    e.preventDefault();
    const asProfile = asking === 'profile';
    const name = newName.trim();
    void run(async () => {
      await api('POST', jobPath(job.name, '/copy'), { name, asProfile });
      return asProfile ? `Saved ${job.name} as the profile ${name}.` : `Copied ${job.name} to the new job ${name}.`;
    });
  };
  const remove = () => void run(async () => {
    await api('DELETE', jobPath(job.name));
    return `Deleted ${job.name}.`;
  });

  if (asking === 'copy' || asking === 'profile') {
    const label = asking === 'copy' ? 'Name of the copy' : 'Profile name';
    return html`<form class="inline-form" onSubmit=${copy}>
      <label for=${`${id}-new-name`}>${label}</label>
      <input id=${`${id}-new-name`} ref=${first} required autocomplete="off" spellcheck=${false} value=${newName}
        onInput=${(e: Event) => setNewName((e.currentTarget as HTMLInputElement).value)} />
      <button type="submit" disabled=${busy}>${asking === 'copy' ? 'Copy' : 'Save as profile'}</button>
      <button type="button" onClick=${() => ask(undefined)}>Cancel</button>
      <${ProblemView} error=${error} />
    </form>`;
  }
  if (asking === 'delete') {
    return html`<div class="inline-form confirm" role="group" aria-label=${`Delete ${job.name}?`}>
      <span>Delete ${job.name} with its runs, state and checkpoints?</span>
      <button type="button" class="danger" ref=${first} disabled=${busy} onClick=${remove}>Delete ${job.name}</button>
      <button type="button" onClick=${() => ask(undefined)}>Cancel</button>
      <${ProblemView} error=${error} />
    </div>`;
  }
  return html`<div class="row-actions">
    <button type="button" onClick=${() => ask('copy')}>Copy<span class="sr-only"> ${job.name}</span>${ellipsis()}</button>
    <button type="button" onClick=${() => ask('profile')}>Save<span class="sr-only"> ${job.name}</span> as profile${ellipsis()}</button>
    <button type="button" class="danger" onClick=${() => ask('delete')} disabled=${job.running}>Delete<span class="sr-only"> ${job.name}</span>${ellipsis()}</button>
  </div>`;
}
