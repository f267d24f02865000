import { useState } from 'preact/hooks';
import { api, jobPath } from './api.js';
import type { ChangeAnswer, LiveChange } from './api-types.js';
import { html } from './html.js';
import { ProblemView } from './problem-view.js';
import { typedValue, valueText } from './value-text.js';

/**
 * One live property of the running crawl, editable in place: its input and Save button send
 * `PATCH …/beans/BEAN.PROP` with the value typed as the current one; the answer's change
 * (old → new) and the override line that keeps it are shown, or the service's refusal.
 */
export function LiveProperty({ job, bean, property, value, onChange }: {
  job: string; bean: string; property: string; value: unknown; onChange: (change: LiveChange) => void;
}) {
  const [text, setText] = useState(() => valueText(value));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [answer, setAnswer] = useState<ChangeAnswer>();
  const id = `live-${bean}.${property}`;

  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    setAnswer(undefined);
    try {
      const done = await api<ChangeAnswer>('PATCH', jobPath(job, `/beans/${encodeURIComponent(`${bean}.${property}`)}`), { value: typedValue(text, value) });
      setAnswer(done);
      onChange(done.change);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return html`<form class="live-property inline-form" onSubmit=${save}>
    <label for=${id} class="sr-only">New value of ${bean}.${property}</label>
    <input id=${id} value=${text} spellcheck=${false} onInput=${(e: Event) => setText((e.currentTarget as HTMLInputElement).value)} />
    <button type="submit" disabled=${busy} aria-label=${`Save ${bean}.${property}`}>Save</button>
    <span role="status" class="change">${answer ? html`Changed: <code>${valueText(answer.change.old)}</code> → <code>${valueText(answer.change.new)}</code>. <span class="keep">${answer.keep}</span>` : busy ? 'Saving…' : ''}</span>
    <${ProblemView} error=${error} />
  </form>`;
}
