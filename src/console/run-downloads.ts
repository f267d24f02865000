import { useEffect, useState } from 'preact/hooks';
import { api, jobPath } from './api.js';
import { LOG_NAMES, type ReportList } from './api-types.js';
import { html } from './html.js';

/** How often, and how many times, a finished run's reports are asked for again while there are none yet. */
const REASK_MS = 1000;
const REASKS = 30;

/**
 * The run's reports, as links to the API's attachments (GET …/reports/NAME), asked for again when
 * the run or its state changes (reports are written as a crawl ends); and its logs whole (GET
 * …/logs/NAME/file, also an attachment).
 */
export function RunDownloads({ job, run, state }: { job: string; run: string | undefined; state: string }) {
  const [reports, setReports] = useState<ReportList>();

  useEffect(() => {
    setReports(undefined);
    if (!run) return;
    let gone = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A crawl says FINISHED as it stops and writes its reports just after: a finished run with none yet is asked again, a while.
    const ask = (triesLeft: number) => {
      api<ReportList>('GET', jobPath(job, `/reports?run=${encodeURIComponent(run)}`)).then((list) => {
        if (gone) return;
        setReports(list);
        if (list.reports.length === 0 && state === 'FINISHED' && triesLeft > 0) timer = setTimeout(() => ask(triesLeft - 1), REASK_MS);
      }, () => !gone && setReports(undefined));
    };
    ask(REASKS);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [job, run, state]);

  return html`<section class="downloads" aria-labelledby="downloads-title">
    <h2 id="downloads-title">Reports and logs</h2>
    ${!run ? html`<p class="subtle">No run yet.</p>` : html`
      <h3>Reports</h3>
      ${reports?.reports.length
        ? html`<ul class="reports">${reports.reports.map((r) => html`<li><a href=${jobPath(job, `/${r.url}`)} download=${r.name}>${r.name}</a></li>`)}</ul>`
        : html`<p class="subtle">None yet: a crawl writes its reports as it ends.</p>`}
      <h3>Logs</h3>
      <ul class="logs">${LOG_NAMES.map((log) => html`<li><a href=${jobPath(job, `/logs/${log}/file?run=${encodeURIComponent(run)}`)} download>${log}.log</a></li>`)}</ul>`}
  </section>`;
}
