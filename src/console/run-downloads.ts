import { useEffect, useState } from 'preact/hooks';
import { api, jobPath } from './api.js';
import { LOG_NAMES, type ReportList } from './api-types.js';
import { html } from './html.js';

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
    api<ReportList>('GET', jobPath(job, `/reports?run=${encodeURIComponent(run)}`)).then(setReports, () => setReports(undefined));
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
