import type { FormValue, PropertyInfo } from './api-types.js';
import { html } from './html.js';
import { editHref, Link } from './router.js';
import { valueText } from './value-text.js';

/** Where a value in effect comes from: its default, or the line of the bean file or override that writes it (a link to the editor there). */
export function ValueSource({ job, value, spec }: { job: string; value?: FormValue; spec: PropertyInfo }) {
  const defaultText = spec.default === undefined ? 'none' : valueText(spec.default);
  if (!value || value.source === 'default' || !value.at) return html`<span class="subtle">default (${defaultText})</span>`;
  const where = `${value.at.file}:${value.at.line}`;
  const inJob = !value.at.file.startsWith('/');
  const what = value.source === 'override' ? 'override' : value.source === 'set' ? '--set' : 'set';
  return html`<span>${what} at ${inJob ? html`<${Link} href=${editHref(job, value.at.file.startsWith('sheets/') ? value.at.file : undefined, value.at.line)}>${where}</${Link}>` : html`<code>${where}</code>`}
    <span class="subtle"> · default ${defaultText}</span></span>`;
}
