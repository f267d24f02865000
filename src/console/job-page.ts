import { useState } from 'preact/hooks';
import type { VerifyReport } from './api-types.js';
import { CrawlLogTail } from './crawl-log-tail.js';
import { time } from './format.js';
import { html } from './html.js';
import { CheckpointList } from './checkpoint-list.js';
import { JobActions } from './job-actions.js';
import { LiveCounts } from './live-counts.js';
import { ProblemList, ProblemView } from './problem-view.js';
import { RateChart } from './rate-chart.js';
import { RunDownloads } from './run-downloads.js';
import { RunHistory } from './run-history.js';
import { editHref, jobPageHref, Link } from './router.js';
import { StateBadge } from './state-badge.js';
import { useJobLive } from './use-job-live.js';

const CONNECTION = { live: 'live', reconnecting: 'reconnecting…', closed: 'not live: reload the page' } as const;

/**
 * A job's page: its buttons, its configuration's verify result, the crawl live (counts, rates,
 * queues, alerts, a chart, crawl.log's last lines), its runs, reports and logs, and its schedule.
 * Its other pages sit beside it, linked from it: the editor (/jobs/NAME/edit), live beans
 * (/jobs/NAME/beans), the frontier's queues (/jobs/NAME/queues), explain and why (/jobs/NAME/explain).
 */
export function JobPage({ name }: { name: string }) {
  const live = useJobLive(name);
  const [verified, setVerified] = useState<VerifyReport>();
  const [acted, setActed] = useState(0);
  const { job } = live;
  if (!job) {
    return html`<section aria-labelledby="job-title"><h1 id="job-title" tabindex="-1">${name}</h1>
      ${live.error ? html`<${ProblemView} error=${live.error} />` : html`<p class="subtle">Loading…</p>`}</section>`;
  }
  // The newer of the job's last verify and one asked for here (with `--set` values, not kept by the service).
  const verify = verified && (!job.lastVerify || verified.at >= job.lastVerify.at) ? verified : job.lastVerify;
  const run = job.lastRun?.run;

  return html`<section class="job" aria-labelledby="job-title">
    <div class="job-head">
      <h1 id="job-title" tabindex="-1">${name}</h1>
      <span role="status" class="job-state"><span class="sr-only">State: </span><${StateBadge} state=${job.state} />${job.pausedFor?.length ? html` <span class="paused-for subtle">for ${job.pausedFor.join(', ')}</span>` : null}</span>
      <span class=${`connection connection-${live.connection}`}>${CONNECTION[live.connection]}</span>
    </div>
    <p class="schedule">${job.nextRunAt ? html`Next scheduled run: <time datetime=${job.nextRunAt}>${time(job.nextRunAt)}</time>` : 'No schedule.'}</p>
    <${ProblemView} error=${live.error} />
    <${JobActions} job=${job} verify=${verify} onJob=${live.accept} onVerified=${setVerified} onActed=${() => setActed((n) => n + 1)} />

    <section class="configuration" aria-labelledby="configuration-title">
      <h2 id="configuration-title">Configuration</h2>
      <ul class="job-links">
        <li><${Link} href=${editHref(name)}>Edit the bean file</${Link}></li>
        <li><${Link} href=${jobPageHref(name, 'forms')}>Beans by form</${Link}></li>
        <li><${Link} href=${jobPageHref(name, 'sheets')}>Sheets</${Link}></li>
        <li><${Link} href=${jobPageHref(name, 'beans')}>Live beans</${Link}></li>
        <li><${Link} href=${jobPageHref(name, 'queues')}>Queues</${Link}></li>
        <li><${Link} href=${jobPageHref(name, 'explain')}>Explain and why</${Link}></li>
      </ul>
      ${!verify ? html`<p class="subtle">Not verified yet.</p>`
        : verify.errors.length === 0 ? html`<p class="ok">Verified ${time(verify.at)}: no errors (${verify.beans} beans).</p>`
          : html`<p class=${verify.ok ? 'ok' : 'bad'}>Verified ${time(verify.at)}: ${verify.ok ? 'warnings only' : 'errors, the job cannot be launched'}.</p>
            <${ProblemList} problems=${verify.errors} />`}
    </section>

    <section class="progress" aria-labelledby="progress-title" data-ticks=${live.tickCount}>
      <h2 id="progress-title">Progress</h2>
      <${LiveCounts} job=${job} serviceAlerts=${live.serviceAlerts} />
      <${RateChart} job=${name} run=${run} ticks=${live.ticks} />
    </section>

    <${CrawlLogTail} job=${name} run=${run} refresh=${`${live.tickCount}:${job.state}`} />
    <${RunHistory} runs=${job.runs ?? []} />
    <${CheckpointList} job=${name} refresh=${`${job.state}:${acted}`} />
    <${RunDownloads} job=${name} run=${run} state=${job.state} />
  </section>`;
}
