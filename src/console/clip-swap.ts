import { useState } from 'preact/hooks';
import type { ComponentInfo, ConfigEdit } from './api-types.js';
import { html } from './html.js';

/**
 * The clip library of one bean: another component of the kinds the beans referring to it need
 * (LevelFrontier ↔ MemoryFrontier, one receiver for another), swapped in place: the bean keeps
 * its id, so every reference to it holds, and the properties the new class has.
 */
export function ClipSwap({ bean, candidates, disabled, edit }: {
  bean: string; candidates: readonly ComponentInfo[]; disabled: boolean; edit: (e: ConfigEdit) => Promise<void>;
}) {
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  if (!candidates.length) return html`<p class="subtle clip-swap">No other component can take this bean's place.</p>`;
  const id = `swap-${bean}`;
  const about = candidates.find((c) => c.name === chosen)?.description;
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!chosen) return;
    setBusy(true);
    try {
      await edit({ op: 'class', bean, className: chosen });
      setChosen('');
    } finally {
      setBusy(false);
    }
  };
  return html`<form class="clip-swap inline-form" onSubmit=${submit}>
    <label for=${id}>Swap for another component</label>
    <select id=${id} disabled=${disabled} onChange=${(e: Event) => setChosen((e.currentTarget as HTMLSelectElement).value)}>
      <option value="" selected=${chosen === ''}>(choose one)</option>
      ${candidates.map((c) => html`<option value=${c.name} selected=${c.name === chosen}>${c.name}</option>`)}
    </select>
    <button type="submit" disabled=${disabled || busy || !chosen}>Swap</button>
    <small class="subtle">${about ?? 'It keeps its id and the properties the new component has; the others are dropped.'}</small>
  </form>`;
}
