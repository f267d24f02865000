import type { ComponentInfo, ConfigEdit, FormBean } from './api-types.js';
import { ClipSwap } from './clip-swap.js';
import { compatibleBeans, swapCandidates } from './form-fields.js';
import { html } from './html.js';
import { ReferenceField } from './reference-field.js';
import { editHref, Link } from './router.js';
import { ValueField } from './value-field.js';

/**
 * One bean as a form generated from its component's description: each value property (its type,
 * bounds, choices, default and description), each bean property as a choice among compatible
 * beans, and the clip library's swap. A bean read from a file outside the job is shown, not edited.
 */
export function BeanForm({ job, bean, beans, component, components, busy, edit }: {
  job: string; bean: FormBean; beans: readonly FormBean[]; component?: ComponentInfo; components: readonly ComponentInfo[]; busy: boolean;
  edit: (e: ConfigEdit, file?: string) => Promise<void>;
}) {
  const disabled = busy || !bean.editable;
  const inJob = !bean.at.file.startsWith('/');
  const values = new Map(bean.values.map((v) => [v.name, v]));
  const refs = new Map(bean.references.map((r) => [r.name, r]));
  const props = Object.entries(component?.properties ?? {}).filter(([, spec]) => !spec.ignored);
  const references = Object.entries(component?.references ?? {}).filter(([, spec]) => !spec.ignored);
  const editHere = (e: ConfigEdit, file?: string) => edit(e, file ?? (inJob ? bean.at.file : undefined));
  return html`<details class="bean bean-form" data-bean=${bean.id}>
    <summary><code>${bean.id}</code> <span class="subtle">${bean.className}${bean.inner ? ' (inner bean)' : ''}</span></summary>
    <p class="subtle">${component?.description ?? ''}</p>
    <p>Written at ${inJob ? html`<${Link} href=${editHref(job, bean.at.file.startsWith('sheets/') ? bean.at.file : undefined, bean.at.line)}>${bean.at.file}:${bean.at.line}</${Link}>` : html`<code>${bean.at.file}:${bean.at.line}</code>`}.</p>
    ${bean.editable ? null : html`<p class="notice">This bean is read from a file outside the job folder, so a form cannot change it: set its values with overrides in the job's bean file.</p>`}
    ${props.length ? html`<div class="fields">${props.map(([name, spec]) => html`<${ValueField} key=${name} job=${job} bean=${bean.id} name=${name} spec=${spec} value=${values.get(name)} disabled=${disabled} edit=${editHere} />`)}</div>` : null}
    ${references.length ? html`<h3>Beans it uses</h3><div class="fields">${references.map(([name, spec]) => html`<${ReferenceField} key=${name} bean=${bean.id} name=${name} spec=${spec} current=${refs.get(name)}
      choices=${compatibleBeans(beans, spec.kind).filter((id) => id !== bean.id)} disabled=${disabled} edit=${editHere} />`)}</div>` : null}
    ${bean.inner ? null : html`<${ClipSwap} bean=${bean.id} candidates=${swapCandidates(components, beans, bean)} disabled=${disabled} edit=${editHere} />`}
  </details>`;
}
