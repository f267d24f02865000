import { useEffect, useState } from 'preact/hooks';
import type { ConfigEdit, FormValue, PropertyInfo } from './api-types.js';
import { fieldOf, parseField } from './form-fields.js';
import { html } from './html.js';
import { ValueSource } from './value-source.js';
import { valueText } from './value-text.js';

/**
 * One property of a bean as a form field, generated from its schema: a choice for a boolean or
 * an enum, a number input with its bounds, a text input; a list or map is shown and edited in
 * the bean file. The default and where the value in effect is written are shown beside it.
 * Save sends one edit; Default takes the property out of the bean (when the bean file sets it).
 */
export function ValueField({ job, bean, name, spec, value, disabled, edit }: {
  job: string; bean: string; name: string; spec: PropertyInfo; value?: FormValue; disabled: boolean;
  edit: (e: ConfigEdit, file?: string) => Promise<void>;
}) {
  const field = fieldOf(spec);
  const current = value ? value.value : spec.default;
  const [text, setText] = useState(() => valueText(current));
  const [busy, setBusy] = useState(false);
  useEffect(() => setText(valueText(current)), [valueText(current)]);
  const id = `field-${bean}.${name}`;
  const parsed = parseField(field, text);
  const changed = text !== valueText(current);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!('value' in parsed) || !changed) return;
    setBusy(true);
    try {
      await edit({ op: 'set', bean, property: name, value: parsed.value }, value?.at?.file);
    } finally {
      setBusy(false);
    }
  };
  const unset = async () => {
    setBusy(true);
    try {
      await edit({ op: 'unset', bean, property: name }, value?.at?.file);
    } finally {
      setBusy(false);
    }
  };
  const onInput = (e: Event) => setText((e.currentTarget as HTMLInputElement | HTMLSelectElement).value);

  let input;
  if (field.kind === 'complex') input = html`<code id=${id} class="value">${valueText(current)}</code>`;
  else if (field.kind === 'boolean' || field.kind === 'enum') {
    const options = field.kind === 'boolean' ? ['true', 'false'] : field.options;
    input = html`<select id=${id} aria-describedby=${`${id}-about`} disabled=${disabled} onChange=${onInput}>
      ${(options.includes(text) ? options : [text, ...options]).map((o) => html`<option value=${o} selected=${o === text}>${o}</option>`)}
    </select>`;
  } else {
    input = html`<input id=${id} aria-describedby=${`${id}-about`} aria-invalid=${'error' in parsed ? 'true' : undefined} disabled=${disabled} spellcheck=${false}
      type=${field.kind === 'text' ? 'text' : 'number'} step=${field.kind === 'integer' ? 1 : field.kind === 'number' ? 'any' : undefined}
      min=${'min' in field ? field.min : undefined} max=${'max' in field ? field.max : undefined} value=${text} onInput=${onInput} />`;
  }

  return html`<form class="value-field" data-property=${`${bean}.${name}`} onSubmit=${submit}>
    <label for=${id}><code>${name}</code>${spec.overlayable ? html` <span class="mark" title="Sheets may override it per URI">sheets</span>` : null}${spec.live ? html` <span class="live-mark">live</span>` : null}</label>
    <div class="input">${input}${'error' in parsed && changed ? html`<small class="bad" role="alert">Needs ${parsed.error}.</small>` : null}</div>
    <div class="source"><${ValueSource} job=${job} value=${value} spec=${spec} /></div>
    <div class="buttons">
      ${field.kind === 'complex' ? null : html`<button type="submit" disabled=${disabled || busy || !changed || 'error' in parsed} aria-label=${`Save ${bean}.${name}`}>Save</button>`}
      ${value?.source === 'file' ? html`<button type="button" disabled=${disabled || busy} onClick=${() => void unset()} aria-label=${`Back to the ` +
        `default for ${bean}.${name}`}>Default</button>` : null}
    </div>
    <small id=${`${id}-about`} class="about">${spec.description}</small>
  </form>`;
}
