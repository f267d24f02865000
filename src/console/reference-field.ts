import { useEffect, useState } from 'preact/hooks';
import type { ConfigEdit, FormReference, ReferenceInfo } from './api-types.js';
import { html } from './html.js';

/**
 * A property holding one bean, as a choice among the job's top-level beans of the kind it needs.
 * One holding a list or map of beans is shown (edited in the bean file).
 */
export function ReferenceField({ bean, name, spec, current, choices, disabled, edit }: {
  bean: string; name: string; spec: ReferenceInfo; current?: FormReference; choices: readonly string[]; disabled: boolean;
  edit: (e: ConfigEdit) => Promise<void>;
}) {
  const held = current?.ids[0] ?? '';
  const [chosen, setChosen] = useState(held);
  const [busy, setBusy] = useState(false);
  useEffect(() => setChosen(held), [held]);
  const id = `ref-${bean}.${name}`;
  const many = spec.list || spec.map;

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!chosen || chosen === held) return;
    setBusy(true);
    try {
      await edit({ op: 'ref', bean, property: name, ref: chosen });
    } finally {
      setBusy(false);
    }
  };

  return html`<form class="value-field reference-field" data-property=${`${bean}.${name}`} onSubmit=${submit}>
    <label for=${id}><code>${name}</code> <span class="subtle">${spec.kind}${many ? (spec.list ? ' list' : ' map') : ''}</span></label>
    <div class="input">${many
      ? html`<span id=${id}>${current?.ids.length ? current.ids.map((i) => html`<code>${i}</code> `) : html`<span class="subtle">none</span>`}</span>`
      : html`<select id=${id} aria-describedby=${`${id}-about`} disabled=${disabled} onChange=${(e: Event) => setChosen((e.currentTarget as HTMLSelectElement).value)}>
        ${held && !choices.includes(held) ? html`<option value=${held} selected>${held} (inner bean)</option>` : null}
        ${!held ? html`<option value="" selected>(none)</option>` : null}
        ${choices.map((c) => html`<option value=${c} selected=${c === chosen}>${c}</option>`)}
      </select>`}</div>
    <div class="source subtle">${current?.autowired ? 'chosen by kind (autowired)' : current ? 'set in the bean file' : 'none'}</div>
    <div class="buttons">${many ? html`<span class="subtle">a ${spec.list ? 'list' : 'map'} of beans: edit it in the bean file</span>`
      : html`<button type="submit" disabled=${disabled || busy || !chosen || chosen === held} aria-label=${`Save ${bean}.${name}`}>Save</button>`}</div>
    <small id=${`${id}-about`} class="about">${spec.description}</small>
  </form>`;
}
