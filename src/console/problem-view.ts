import { ApiError } from './api.js';
import type { VerifyProblem } from './api-types.js';
import { html } from './html.js';

/** `crawler-beans.xml:12:5` (or what of it is known). */
export function locationOf(p: VerifyProblem): string {
  return [p.file, p.line, p.column].filter((part) => part !== null && part !== undefined).join(':');
}

/** Located problems, one a line: file:line:column code message (the way `verify` prints them). */
export function ProblemList({ problems }: { problems: readonly VerifyProblem[] }) {
  return html`<ul class="problems">
    ${problems.map((p) => html`<li class=${p.severity === 'warning' ? 'warning' : 'error'}>
      ${locationOf(p) && html`<span class="where">${locationOf(p)}</span>${' '}`}
      <code>${p.code}</code>${' '}<span class="message">${p.message}</span>
      ${p.hints?.length ? html`<ul class="hints">${p.hints.map((hint) => html`<li>${hint}</li>`)}</ul>` : null}
    </li>`)}
  </ul>`;
}

/** An error as the operator reads it: the API's problem (title, detail, located errors), or any other error's message. */
export function ProblemView({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof ApiError) {
    return html`<div class="problem" role="alert">
      <p><strong>${error.title}</strong>${error.status ? ` (${error.status})` : ''}${error.detail ? html`: ${error.detail}` : ''}</p>
      ${error.errors.length ? html`<${ProblemList} problems=${error.errors} />` : null}
    </div>`;
  }
  return html`<div class="problem" role="alert"><p>${error instanceof Error ? error.message : String(error)}</p></div>`;
}
