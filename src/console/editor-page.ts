import { setDiagnostics } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api.js';
import type { VerifyProblem, VerifyReport } from './api-types.js';
import { authoringCompletion, type AuthoringTarget } from './authoring-completion.js';
import { authoringHover } from './authoring-hover.js';
import { createBeanEditor } from './bean-editor.js';
import { time } from './format.js';
import { html } from './html.js';
import { listJobFiles, readJobFile, saveJobFile, verifyUnsaved, type JobFileEntry } from './job-file-api.js';
import { guardLeaving } from './leave-guard.js';
import { ProblemView, locationOf } from './problem-view.js';
import { editHref, jobHref, Link } from './router.js';
import { positionOf, verifyDiagnostics } from './verify-diagnostics.js';

const LEAVE = 'The file has changes that are not saved. Leave the editor and lose them?';

/** The file being edited: its path, its text as saved, and the tag of that version. */
interface Opened {
  readonly path: string;
  readonly text: string;
  readonly etag: string;
}

/** A verify report and whether it is of the saved file (after a save) or of the text as typed. */
interface Checked {
  readonly report: VerifyReport;
  readonly saved: boolean;
}

/**
 * The editor of a job's bean file or of one of its sheets: the file in CodeMirror, verify's
 * problems underlined where they are and listed beside (checked as the file opens, again a
 * while after typing stops, with the text as typed and nothing saved, and on save), completion
 * and hover from the service. Save (or Ctrl-S) stores the text only if the file is still the
 * version opened (If-Match): one changed elsewhere is never overwritten, and can be reloaded.
 * Leaving with unsaved changes asks first.
 */
export function EditorPage({ job, file }: { job: string; file?: string }) {
  const [files, setFiles] = useState<readonly JobFileEntry[]>([]);
  const [opened, setOpened] = useState<Opened>();
  const [loadError, setLoadError] = useState<unknown>();
  const [checked, setChecked] = useState<Checked>();
  const [checkError, setCheckError] = useState<unknown>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>();
  const [savedAt, setSavedAt] = useState<string>();
  const [conflict, setConflict] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const savedText = useRef('');
  const etag = useRef('');
  const dirtyNow = useRef(false);
  const saveNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    let live = true;
    (async () => {
      const list = await listJobFiles(job);
      const path = file ?? list.find((f) => f.beanFile)?.path;
      if (!path) throw new ApiError(404, 'Not Found', `the job "${job}" has no bean file`);
      const read = await readJobFile(job, path);
      if (!live) return;
      setFiles(list);
      savedText.current = read.text;
      etag.current = read.etag;
      setOpened({ path, text: read.text, etag: read.etag });
    })().catch((e: unknown) => live && setLoadError(e));
    return () => {
      live = false;
    };
  }, [job, file]);

  useEffect(() => {
    if (!opened || !host.current) return;
    const format = opened.path.endsWith('.json') ? 'json' : 'xml';
    const target: AuthoringTarget = { job, path: opened.path, format };
    const editor = createBeanEditor(host.current, {
      text: opened.text, format, label: `${opened.path} of the job ${job}`,
      lint: async (v) => {
        const text = v.state.doc.toString();
        try {
          const report = await verifyUnsaved(job, opened.path, text);
          setCheckError(undefined);
          if (v.state.doc.toString() === text) setChecked({ report, saved: false });
          return verifyDiagnostics(v.state.doc, report.errors, opened.path);
        } catch (e) {
          setCheckError(e);
          return [];
        }
      },
      complete: authoringCompletion(target),
      hover: authoringHover(target),
      onSave: () => saveNow.current(),
      onChange: (v) => {
        dirtyNow.current = v.state.doc.toString() !== savedText.current;
        setDirty(dirtyNow.current);
      },
    });
    view.current = editor;
    // A link to a line (`?line=N`, from a form or a problem elsewhere) opens the file there.
    const line = Number(new URLSearchParams(location.search).get('line'));
    if (Number.isInteger(line) && line > 0) {
      const at = editor.state.doc.line(Math.min(line, editor.state.doc.lines)).from;
      editor.dispatch({ selection: { anchor: at }, scrollIntoView: true });
    }
    return () => {
      editor.destroy();
      view.current = undefined;
    };
  }, [opened]);

  // Unsaved text: asked before leaving, by a link of the console or by the browser.
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyNow.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    const unguard = guardLeaving(() => !dirtyNow.current || window.confirm(LEAVE));
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      unguard();
    };
  }, []);

  const save = async () => {
    const v = view.current;
    if (!v || !opened || saving) return;
    const text = v.state.doc.toString();
    setSaving(true);
    setSaveError(undefined);
    try {
      const saved = await saveJobFile(job, opened.path, text, etag.current);
      etag.current = saved.etag;
      savedText.current = text;
      dirtyNow.current = v.state.doc.toString() !== text;
      setDirty(dirtyNow.current);
      setConflict(false);
      setSavedAt(new Date().toISOString());
      if (saved.verify) {
        setChecked({ report: saved.verify, saved: true });
        if (!dirtyNow.current) v.dispatch(setDiagnostics(v.state, verifyDiagnostics(v.state.doc, saved.verify.errors, opened.path)));
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 412) setConflict(true);
      else setSaveError(e);
    } finally {
      setSaving(false);
    }
  };
  saveNow.current = () => void save();

  /** The file as it is now in the job, in place of the text here (the unsaved changes are lost). */
  const reload = async () => {
    const v = view.current;
    if (!v || !opened) return;
    try {
      const read = await readJobFile(job, opened.path);
      savedText.current = read.text;
      etag.current = read.etag;
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: read.text } });
      dirtyNow.current = false;
      setDirty(false);
      setConflict(false);
    } catch (e) {
      setSaveError(e);
    }
  };

  const jump = (p: VerifyProblem) => {
    const v = view.current;
    if (!v) return;
    const at = positionOf(v.state.doc, p) ?? 0;
    v.dispatch({ selection: { anchor: at }, scrollIntoView: true });
    v.focus();
  };

  const sheets = files.filter((f) => /\.(c?xml|json)$/.test(f.path) && (f.beanFile || f.path.startsWith('sheets/')));
  const report = checked?.report;
  const asSaved = checked?.saved ?? false;
  const path = opened?.path;
  return html`<section class="editor" aria-labelledby="editor-title">
    <h1 id="editor-title" tabindex="-1">Edit ${path ?? 'the bean file'} <span class="subtle">of <${Link} href=${jobHref(job)}>${job}</${Link}></span></h1>
    ${sheets.length > 1 ? html`<nav class="editor-files" aria-label="The job's bean file and sheets"><ul>
      ${sheets.map((f) => html`<li><${Link} href=${editHref(job, f.beanFile ? undefined : f.path)} class=${f.path === path ? 'current' : undefined}>${f.path}</${Link}></li>`)}
    </ul></nav>` : null}
    <${ProblemView} error=${loadError} />
    <div class="editor-bar buttons">
      <button type="button" class="primary" onClick=${() => void save()} disabled=${!opened || saving}>Save</button>
      <span class="busy" role="status">${saving ? 'Saving…' : dirty ? 'Unsaved changes.' : savedAt ? `Saved ${time(savedAt)}.` : ''}</span>
    </div>
    ${conflict ? html`<div class="problem conflict" role="alert">
      <p><strong>Changed elsewhere</strong>: the file was changed since it was opened here, so nothing was saved. Reload it (your changes here are lost), or keep editing and copy them over.</p>
      <div class="buttons"><button type="button" onClick=${() => void reload()}>Reload the file</button><button type="button" onClick=${() => setConflict(false)}>Keep editing</button></div>
    </div>` : null}
    <${ProblemView} error=${saveError} />
    <div class="editor-host" ref=${host}></div>
    <section class="editor-problems" aria-labelledby="problems-title">
      <h2 id="problems-title">Problems</h2>
      <${ProblemView} error=${checkError} />
      <p class="subtle" role="status">${!report ? 'Checking…'
        : `${asSaved ? 'As saved' : 'As typed'}: ${report.errors.length === 0 ? `no errors (${report.beans} beans)` : report.ok ? 'warnings ' +
          'only' : `${report.errors.filter((e) => e.severity !== 'warning').length} errors, the job cannot be launched`}.`}</p>
      ${report?.errors.length ? html`<ul class="problems">
        ${report.errors.map((p) => html`<li class=${p.severity === 'warning' ? 'warning' : 'error'} data-file=${p.file ?? ''} data-line=${p.line ?? ''}>
          ${p.file === path && p.line !== null
            ? html`<button type="button" class="link where" onClick=${() => jump(p)}>line ${p.line}${p.column !== null ? `:${p.column}` : ''}</button>`
            : html`<span class="where">${locationOf(p) || 'the job'}</span>`}${' '}
          <code>${p.code}</code>${' '}<span class="message">${p.message}</span>
          ${p.hints?.length ? html`<ul class="hints">${p.hints.map((hint) => html`<li>${hint}</li>`)}</ul>` : null}
        </li>`)}
      </ul>` : null}
    </section>
  </section>`;
}
