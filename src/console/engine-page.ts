import { useMemo, useState } from 'preact/hooks';
import { api } from './api.js';
import type { EngineInfo, JobStatus, JobSummary } from './api-types.js';
import { CreateJobForm } from './create-job-form.js';
import { count, time } from './format.js';
import { html } from './html.js';
import { JobRowActions } from './job-row-actions.js';
import { oneAtATime } from './one-at-a-time.js';
import { ProblemView } from './problem-view.js';
import { jobHref, Link } from './router.js';
import { StateBadge } from './state-badge.js';
import { usePolling } from './use-polling.js';

/** How often the engine page asks for the jobs again. */
const REFRESH_MS = 5000;

/** The engine page: every job with its state, last run and next scheduled run; create, copy, save as profile, delete. */
export function EnginePage() {
  const [engine, setEngine] = useState<EngineInfo>();
  const [error, setError] = useState<unknown>();
  const [notice, setNotice] = useState<{ text: string; job?: string }>();

  // One request at a time: a change asks again after one in flight, so the list is never older than it.
  const load = useMemo(() => oneAtATime(async () => {
    try {
      setEngine(await api<EngineInfo>('GET', '/api/v1/engine'));
      setError(undefined);
    } catch (e) {
      setError(e);
    }
  }), []);
  usePolling(load, REFRESH_MS);
  // The notice comes with the list that shows what it says.
  const done = async (text: string, job?: string) => {
    await load();
    setNotice({ text, job });
  };

  return html`<section class="engine" aria-labelledby="jobs-title">
    <h1 id="jobs-title">Jobs</h1>
    ${engine && html`<p class="subtle">beancrawl ${engine.version}, jobs folder <code>${engine.jobsDir}</code></p>`}
    <${ProblemView} error=${error} />
    <p class="notice" role="status">${notice && html`${notice.text}${notice.job ? html` <${Link} href=${jobHref(notice.job)}>Open ${notice.job}</${Link}>` : null}`}</p>
    ${engine && html`<${JobTable} jobs=${engine.jobs} onDone=${done} />`}
    ${engine && html`<${CreateJobForm} profiles=${engine.profiles} onCreated=${(job: JobStatus) => done(`Created the job ${job.name}.`, job.name)} />`}
  </section>`;
}

function JobTable({ jobs, onDone }: { jobs: readonly JobSummary[]; onDone: (notice: string) => Promise<void> }) {
  if (!jobs.length) return html`<p>No jobs yet: create one below.</p>`;
  return html`<table class="jobs">
    <caption class="sr-only">Jobs of the jobs folder</caption>
    <thead><tr><th scope="col">Job</th><th scope="col">State</th><th scope="col">Last run</th><th scope="col" class="num">Downloaded</th><th scope="col" class="num">Queued</th><th scope="col" class="num">Failed</th><th scope="col" class="num">MiB</th><th scope="col">Next scheduled run</th><th scope="col">Actions</th></tr></thead>
    <tbody>
      ${jobs.map((job) => html`<tr key=${job.name} data-job=${job.name}>
        <th scope="row"><${Link} href=${jobHref(job.name)}>${job.name}</${Link}></th>
        <td><${StateBadge} state=${job.state} /></td>
        <td>${job.lastRun ? html`${job.lastRun.exitStatus ?? 'running'} <span class="subtle">(${time(job.lastRun.startedAt)})</span>` : html`<span class="subtle">never run</span>`}</td>
        <td class="num" data-count="downloaded">${count(job.counts?.downloaded)}</td>
        <td class="num" data-count="queued">${count(job.counts?.queued)}</td>
        <td class="num" data-count="failed">${count(job.counts?.failed)}</td>
        <td class="num" data-count="mib">${job.counts ? (job.counts.bytes / 1048576).toFixed(1) : '–'}</td>
        <td>${job.nextRunAt ? time(job.nextRunAt) : html`<span class="subtle">none</span>`}</td>
        <td><${JobRowActions} job=${job} onDone=${onDone} /></td>
      </tr>`)}
    </tbody>
  </table>`;
}
