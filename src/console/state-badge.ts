import { html } from './html.js';

/** The kind of a job state, for its colour: running, paused, finished, unfinished or new. */
export function stateKind(state: string): string {
  if (state === 'RUNNING' || state === 'LAUNCHING' || state === 'PREPARING') return 'running';
  if (state === 'PAUSED' || state === 'PAUSING' || state === 'QUEUED') return 'paused';
  if (state === 'FINISHED') return 'finished';
  if (state === 'UNFINISHED' || state === 'STOPPING' || state === 'EMPTY') return 'unfinished';
  return 'new';
}

/** A job's state as a badge (its name is the text: the colour only repeats it). */
export function StateBadge({ state }: { state: string }) {
  return html`<span class=${`state state-${stateKind(state)}`}>${state}</span>`;
}
