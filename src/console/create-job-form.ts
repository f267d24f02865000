import { useState } from 'preact/hooks';
import { api } from './api.js';
import type { JobStatus } from './api-types.js';
import { html } from './html.js';
import { linesOf } from './lines-of.js';
import { ProblemView } from './problem-view.js';

/**
 * Creates a job from a profile (POST /api/v1/jobs): its name, its seeds (one a line) and the
 * operator's contact URL. What the API refuses is shown with its located errors, the form kept.
 */
export function CreateJobForm({ profiles, onCreated }: { profiles: readonly string[]; onCreated: (job: JobStatus) => Promise<void> }) {
  const [name, setName] = useState('');
  const [profile, setProfile] = useState('default');
  const [seeds, setSeeds] = useState('');
  const [contact, setContact] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const seedList = linesOf(seeds);
      const job = await api<JobStatus>('POST', '/api/v1/jobs', {
        name: name.trim(), profile, ...(seedList.length ? { seeds: seedList } : {}), ...(contact.trim() ? { contact: contact.trim() } : {}),
      });
      setName('');
      setSeeds('');
      await onCreated(job);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const choices = profiles.includes(profile) ? profiles : [profile, ...profiles];

  return html`<form class="create-job" onSubmit=${submit} aria-labelledby="create-job-title">
    <h2 id="create-job-title">Create a job</h2>
    <div class="field">
      <label for="new-job-name">Name</label>
      <input id="new-job-name" name="name" required autocomplete="off" spellcheck=${false}
        pattern="[A-Za-z0-9][A-Za-z0-9._\\-]{0,127}" aria-describedby="new-job-name-help"
        value=${name} onInput=${(e: Event) => setName((e.currentTarget as HTMLInputElement).value)} />
      <small id="new-job-name-help">Letters, digits, dot, dash, underscore: the job's folder name.</small>
    </div>
    <div class="field">
      <label for="new-job-profile">Profile</label>
      <select id="new-job-profile" name="profile" value=${profile} onChange=${(e: Event) => setProfile((e.currentTarget as HTMLSelectElement).value)}>
        ${choices.map((p) => html`<option value=${p}>${p}</option>`)}
      </select>
    </div>
    <div class="field">
      <label for="new-job-seeds">Seeds, one URL a line</label>
      <textarea id="new-job-seeds" name="seeds" rows="4" spellcheck=${false} value=${seeds}
        onInput=${(e: Event) => setSeeds((e.currentTarget as HTMLTextAreaElement).value)}></textarea>
    </div>
    <div class="field">
      <label for="new-job-contact">Operator contact URL</label>
      <input id="new-job-contact" name="contact" type="url" autocomplete="url" placeholder="https://example.org/contact"
        value=${contact} onInput=${(e: Event) => setContact((e.currentTarget as HTMLInputElement).value)} />
    </div>
    <${ProblemView} error=${error} />
    <button type="submit" disabled=${busy}>Create job</button>
  </form>`;
}
