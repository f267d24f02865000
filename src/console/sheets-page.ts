import type { FormBean, VerifyProblem } from './api-types.js';
import { html } from './html.js';
import { locationOf, ProblemView } from './problem-view.js';
import { editHref, jobHref, Link } from './router.js';
import { compactTree, surtTree, type PrefixAssociation, type SurtNode } from './surt-tree.js';
import { useJobConfig } from './use-job-config.js';
import { valueText } from './value-text.js';

const valueNamed = (bean: FormBean, name: string): unknown => bean.values.find((v) => v.name === name)?.value;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const fileHref = (job: string, file: string, line?: number) => editHref(job, file.startsWith('sheets/') ? file : undefined, line);

/**
 * A job's sheets (`/jobs/NAME/sheets`): where they apply (the SURT prefixes of the associations
 * as a tree, longer prefixes under the shorter ones they take precedence over; associations by
 * decide rules beside), each sheet's values, and verify's problems with them at their lines.
 */
export function SheetsPage({ name }: { name: string }) {
  const { form, error } = useJobConfig(name);
  const beans = form?.beans ?? [];
  const sheets = beans.filter((b) => b.kinds.includes('Sheet'));
  const associations = beans.filter((b) => b.kinds.includes('SheetAssociation'));
  const byPrefix: PrefixAssociation[] = associations
    .filter((a) => strings(valueNamed(a, 'surtPrefixes')).length)
    .map((a) => ({ association: a.id, prefixes: strings(valueNamed(a, 'surtPrefixes')), sheets: strings(valueNamed(a, 'targetSheetNames')) }));
  const byRules = associations.filter((a) => !strings(valueNamed(a, 'surtPrefixes')).length);
  const tree = compactTree(surtTree(byPrefix));
  const ids = new Set([...sheets, ...associations].map((b) => b.id));
  const problems = (form?.problems ?? []).filter((p) => p.file?.startsWith('sheets/') || (p.bean && ids.has(p.bean.split('.')[0])));
  const sheetFiles = Object.keys(form?.files ?? {}).filter((f) => f.startsWith('sheets/'));

  return html`<section class="sheets-page" aria-labelledby="sheets-title">
    <h1 id="sheets-title" tabindex="-1">Sheets <span class="subtle">of <${Link} href=${jobHref(name)}>${name}</${Link}></span></h1>
    <${ProblemView} error=${error} />
    ${!form ? (error ? null : html`<p class="subtle">Loading…</p>`) : html`
      ${sheetFiles.length ? html`<p>Sheet files: ${sheetFiles.map((f) => html`<${Link} href=${fileHref(name, f)}>${f}</${Link}> `)}</p>` : null}
      <section aria-labelledby="sheet-problems-title">
        <h2 id="sheet-problems-title">Problems</h2>
        ${problems.length ? html`<ul class="problems">${problems.map((p) => html`<li class=${p.severity === 'warning' ? 'warning' : 'error'}>
          ${p.file && p.line ? html`<${Link} href=${fileHref(name, p.file, p.line)} class="where">${locationOf(p)}</${Link}>` : html`<span class="where">${locationOf(p)}</span>`}
          ${' '}<code>${p.code}</code> <span class="message">${p.message}</span></li>`)}</ul>` : html`<p class="ok">None.</p>`}
      </section>
      <section aria-labelledby="where-title">
        <h2 id="where-title">Where they apply</h2>
        ${tree.length ? html`<ul class="surt-tree" aria-label="SURT prefixes">${tree.map((n) => html`<${PrefixNode} node=${n} />`)}</ul>` : html`<p class="subtle">No association by SURT prefix.</p>`}
        ${byRules.length ? html`<h3>By decide rules</h3><ul>${byRules.map((a) => html`<li><code>${a.id}</code> (${a.className}): the URIs its rules accept get ${sheetLinks(strings(valueNamed(a, 'targetSheetNames')))}</li>`)}</ul>` : null}
      </section>
      <section aria-labelledby="sheet-list-title">
        <h2 id="sheet-list-title">Sheets</h2>
        ${sheets.length ? sheets.map((s) => html`<${SheetView} job=${name} sheet=${s} associations=${associations} problems=${problems.filter((p) => p.bean?.split('.')[0] === s.id)} />`) : html`<p class="subtle">The job has no sheets.</p>`}
      </section>`}
  </section>`;
}

function sheetLinks(names: readonly string[]) {
  return names.length ? names.map((n, i) => html`${i ? ', ' : ''}<a href=${`#sheet-${n}`}>${n}</a>`) : html`<span class="subtle">no sheet</span>`;
}

function PrefixNode({ node }: { node: SurtNode }) {
  return html`<li data-prefix=${node.prefix}>
    <code title=${node.prefix}>${node.label}</code>
    ${node.applied.map((a) => html` <span class="applied">→ ${sheetLinks(a.sheets)} <span class="subtle">(${a.association})</span></span>`)}
    ${node.children.length ? html`<ul>${node.children.map((c) => html`<${PrefixNode} node=${c} />`)}</ul>` : null}
  </li>`;
}

function SheetView({ job, sheet, associations, problems }: { job: string; sheet: FormBean; associations: readonly FormBean[]; problems: readonly VerifyProblem[] }) {
  const map = (valueNamed(sheet, 'map') ?? {}) as Record<string, unknown>;
  const users = associations.filter((a) => strings(valueNamed(a, 'targetSheetNames')).includes(sheet.id));
  const inJob = !sheet.at.file.startsWith('/');
  return html`<article class="sheet" id=${`sheet-${sheet.id}`} aria-labelledby=${`sheet-${sheet.id}-title`}>
    <h3 id=${`sheet-${sheet.id}-title`}><code>${sheet.id}</code> <span class="subtle">${inJob ? html`<${Link} href=${fileHref(job, sheet.at.file, sheet.at.line)}>${sheet.at.file}:${sheet.at.line}</${Link}>` : `${sheet.at.file}:${sheet.at.line}`}</span></h3>
    <p>${users.length ? html`Applied by ${users.map((u, i) => html`${i ? ', ' : ''}<code>${u.id}</code>`)}.` : html`<span class="bad">Applied by no association: it changes nothing.</span>`}</p>
    ${Object.keys(map).length ? html`<table><thead><tr><th scope="col">Property</th><th scope="col">Value</th></tr></thead>
      <tbody>${Object.entries(map).map(([k, v]) => html`<tr><th scope="row"><code>${k}</code></th><td><code>${valueText(v)}</code></td></tr>`)}</tbody></table>` : html`<p class="subtle">It sets nothing.</p>`}
    ${problems.length ? html`<p class="bad">${problems.length} problem${problems.length > 1 ? 's' : ''} above.</p>` : null}
  </article>`;
}
