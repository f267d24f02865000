import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, ApiError, jobPath } from './api.js';
import type { ComponentInfo, ConfigEdit, ConfigEditAnswer } from './api-types.js';
import { BeanForm } from './bean-form.js';
import { loadComponents } from './components.js';
import { html } from './html.js';
import { ProblemList, ProblemView } from './problem-view.js';
import { editHref, jobHref, Link } from './router.js';
import { useJobConfig } from './use-job-config.js';

/**
 * A job's beans by form (`/jobs/NAME/forms`), generated from the components' descriptions. Each
 * save is one edit written into the bean file at the value's own place (the rest of the text as
 * it was), sent with the tag of the file it lands in, then verified: the page shows the line as
 * it was and as it is, and verify's result. A file changed elsewhere is never overwritten.
 */
export function FormsPage({ name }: { name: string }) {
  const { form, error: loadError, reload: load } = useJobConfig(name);
  const [components, setComponents] = useState<readonly ComponentInfo[]>([]);
  const [componentsError, setComponentsError] = useState<unknown>();
  const [editError, setEditError] = useState<unknown>();
  const [answer, setAnswer] = useState<ConfigEditAnswer>();
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => void loadComponents().then(setComponents, setComponentsError), []);
  const error = loadError ?? componentsError;

  const edit = async (e: ConfigEdit, file?: string) => {
    setBusy(true);
    setEditError(undefined);
    setAnswer(undefined);
    try {
      const tag = file ? form?.files[file] : undefined;
      setAnswer(await api<ConfigEditAnswer>('PATCH', jobPath(name, '/config'), e, tag ? { 'if-match': tag } : {}));
    } catch (err) {
      setEditError(err instanceof ApiError && err.status === 412
        ? new ApiError(412, 'Changed elsewhere', 'the file was changed since this page read it, so nothing was written; the forms now show it as ' +
          'it is: make the change again') : err);
    } finally {
      await load();
      setBusy(false);
    }
  };

  const byName = useMemo(() => new Map(components.map((c) => [c.name, c])), [components]);
  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase();
    return (form?.beans ?? []).filter((b) => !words || b.id.toLowerCase().includes(words) || b.className.toLowerCase().includes(words));
  }, [form, filter]);
  const errors = form?.problems.filter((p) => p.severity !== 'warning') ?? [];

  return html`<section class="forms-page" aria-labelledby="forms-title">
    <h1 id="forms-title" tabindex="-1">Beans by form <span class="subtle">of <${Link} href=${jobHref(name)}>${name}</${Link}></span></h1>
    <p>Each value is written into the bean file where it is set (an override entry, the bean's property, or a new property of the bean), the rest of the file as it was; the job is verified after each change. Lists and maps are edited in <${Link} href=${editHref(name)}>the editor</${Link}>.</p>
    <${ProblemView} error=${error} />
    <div role="status" class="edit-result">${busy ? html`<p class="subtle">Writing…</p>` : answer ? html`<div class="notice">
      <p>Written to <${Link} href=${editHref(name, answer.file.startsWith('sheets/') ? answer.file : undefined, answer.changed.line)}>${answer.file}</${Link}> at line ${answer.changed.line}:</p>
      <pre class="diff"><del>${answer.changed.before}</del>\n<ins>${answer.changed.after}</ins></pre>
      ${answer.notes.map((n) => html`<p class="subtle">${n}.</p>`)}
      <p class=${answer.verify.ok ? 'ok' : 'bad'}>${answer.verify.errors.length === 0 ? 'Verified: no errors.' : answer.verify.ok ? 'Verified: ' +
        'warnings only.' : 'Verified: errors, the job cannot be launched.'}</p>
      ${answer.verify.errors.length ? html`<${ProblemList} problems=${answer.verify.errors} />` : null}
    </div>` : null}</div>
    <${ProblemView} error=${editError} />
    ${!form ? (error ? null : html`<p class="subtle">Loading…</p>`) : html`
      ${errors.length ? html`<div class="problem"><p><strong>The job has errors</strong>: fix them here or in <${Link} href=${editHref(name)}>the editor</${Link}>.</p><${ProblemList} problems=${errors} /></div>` : null}
      <div class="field">
        <label for="form-filter">Filter by id or class</label>
        <input id="form-filter" type="search" value=${filter} onInput=${(e: Event) => setFilter((e.currentTarget as HTMLInputElement).value)} />
      </div>
      <p class="subtle">${shown.length} of ${form.beans.length} beans.</p>
      <div class="bean-list">${shown.map((bean) => html`<${BeanForm} key=${bean.id} job=${name} bean=${bean} beans=${form.beans} component=${byName.get(bean.className)} components=${components} busy=${busy} edit=${edit} />`)}</div>`}
  </section>`;
}
