import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import type { PlannedEdit } from '../beans/edit/config-edit.js';
import { ConfigEditRefused } from '../beans/edit/config-edit.js';
import { planConfigEdit } from '../beans/edit/plan-config-edit.js';
import type { ResolvedBean } from '../beans/resolve/resolved-bean.js';
import { builtInRegistry } from '../catalog/catalog.js';
import { verifyJob } from '../job/verify-job.js';
import { verifyProblems, verifyReport } from '../job/verify-report.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import type { Confinement } from '../util/confinement.js';
import type { ConfigEdit, ConfigEditResult, ConfigForm, FormBean, FormLocation, FormValue } from '../wire/config-form.js';
import { HttpProblem } from './http-problem.js';
import { etagOf, writeJobFile } from './job-files.js';

/**
 * The job's beans for forms: resolved as verify resolves them (a job whose graph cannot be built
 * has none, and its problems say why). The components' schema (`/api/v1/components`) gives each
 * property's type, bounds, default and description.
 */
export async function configForm(jobDir: string, confinement?: Confinement): Promise<ConfigForm> {
  const result = await verifyJob(jobDir, { confinement }).catch((e: unknown) => {
    if (e instanceof BeancrawlError) throw new HttpProblem(422, 'Unprocessable Content', 'the job\'s bean file cannot be ' +
      'read', { errors: verifyProblems(e.diagnostics, 'parse', jobDir) });
    throw e;
  });
  const files: Record<string, string> = {};
  for (const file of result.graph.files) {
    const rel = inJob(jobDir, file);
    if (rel) files[rel] = etagOf(await readFile(file));
  }
  const located = (loc: { file: string; line: number; column: number }): FormLocation => ({ file: inJob(jobDir, loc.file) ?? loc.file, line: loc.line, column: loc.column });
  const beans = (result.resolved?.beans ?? []).map((b): FormBean => ({
    id: b.id, className: b.descriptor.name, kinds: b.descriptor.kinds, inner: b.def.inner, at: located(b.def.loc), editable: inJob(jobDir, b.def.loc.file) !== undefined,
    values: Object.keys(b.descriptor.props).filter((name) => name in b.config || b.origins.has(name)).map((name) => formValue(b, name, located)),
    references: b.refs.map((r) => ({ name: r.property, kind: b.descriptor.refs?.[r.property]?.kind ?? '', shape: r.shape, ids: r.ids, autowired: r.autowired })),
  }));
  return { files, beans, problems: verifyReport(result, jobDir).errors };
}

function formValue(b: ResolvedBean, name: string, located: (loc: FormLocation) => FormLocation): FormValue {
  const origin = b.origins.get(name);
  const source = origin?.source ?? 'default';
  // An override is shown at its entry (its key), where an operator would look for it.
  const written = b.def.properties.find((p) => p.name === name)?.loc ?? origin?.loc;
  return { name, value: b.config[name], source, ...(source !== 'default' && written?.line ? { at: located(written as FormLocation) } : {}) };
}

/**
 * Writes one form edit into the job's files at the value's own place (planConfigEdit), refusing
 * (412) when `ifMatch` is not the tag of the file it lands in, or when that file changed while
 * the edit was planned; a file outside the job folder is never written (422).
 */
export async function editConfig(jobDir: string, edit: ConfigEdit, ifMatch?: string, confinement?: Confinement): Promise<ConfigEditResult> {
  // verifyJob throws when there is no bean file to read (what it finds wrong in one are diagnostics): the 422 below says to fix it.
  const result = await verifyJob(jobDir, { confinement }).catch(() => undefined);
  if (!result?.resolved) throw new HttpProblem(422, 'Unprocessable Content', 'the job\'s beans cannot be resolved, so no form can edit them: fix ' +
    'the bean file in the editor first');
  const texts = new Map<string, Buffer>();
  for (const file of result.graph.files) texts.set(file, await readFile(file));
  let planned: PlannedEdit;
  try {
    planned = planConfigEdit({ graph: result.graph, resolved: result.resolved, registry: builtInRegistry(), text: (f) => (texts.get(f) ?? Buffer.alloc(0)).toString('utf8') }, edit);
  } catch (e) {
    if (e instanceof ConfigEditRefused) throw new HttpProblem(422, 'Unprocessable Content', e.message);
    throw e;
  }
  const rel = inJob(jobDir, planned.file);
  if (!rel) throw new HttpProblem(422, 'Unprocessable Content', `the value is written in ${planned.file}, outside the job folder: override it in ` +
    `the job's bean file instead`);
  const read = etagOf(texts.get(planned.file)!);
  if (ifMatch && ifMatch !== read && ifMatch !== '*') throw new HttpProblem(412, 'Precondition Failed', `${rel} changed since it was read (its tag ` +
    `is ${read}): reload it`);
  const { etag } = await writeJobFile(jobDir, rel, Buffer.from(planned.after, 'utf8'), read);
  return { file: rel, etag, notes: planned.notes.map((n) => n.split(jobDir + sep).join('')), changed: changedLines(planned.before, planned.after) };
}

/** The lines that differ, as whole lines: the first changed line's number and the text before and after. */
function changedLines(before: string, after: string): ConfigEditResult['changed'] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before[endB - 1] === after[endA - 1]) {
    endB--;
    endA--;
  }
  const lineStart = before.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = (text: string, at: number) => {
    const nl = text.indexOf('\n', at);
    return nl < 0 ? text.length : nl;
  };
  const line = before.slice(0, lineStart).split('\n').length;
  return { line, before: before.slice(lineStart, lineEnd(before, endB)), after: after.slice(lineStart, lineEnd(after, endA)) };
}

/** A file's path relative to the job folder, with `/`; undefined outside it. */
function inJob(jobDir: string, file: string): string | undefined {
  const rel = relative(jobDir, file);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}
