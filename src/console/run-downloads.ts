import { useEffect, useState } from 'preact/hooks';
import { api, jobPath } from './api.js';
import { LOG_NAMES, type LogPage, type ReportList } from './api-types.js';
import { html } from './html.js';
import { ProblemView } from './problem-view.js';
import { saveText } from './save-text.js';

/** Lines of a log saved at most: the API serves logs by pages of up to 1,000 lines. */
const SAVED_LINES = 1000;

/**
 * The run's reports, as links to the API's attachments (GET …/reports/NAME), asked for again when
 * the run or its state changes (reports are written as a crawl ends); and its logs, whose last
 * lines are saved as a text file.
 */
export function RunDownloads({ job, run, state }: { job: string; run: string | undefined; state: string }) {
  const [reports, setReports] = useState<ReportList>();
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    setReports(undefined);
    if (!run) return;
    api<ReportList>('GET', jobPath(job, `/reports?run=${encodeURIComponent(run)}`)).then(setReports, () => setReports(undefined));
  }, [job, run, state]);

  const saveLog = async (log: string) => {
    setError(undefined);
    try {
      const page = await api<LogPage>('GET', jobPath(job, `/logs/${log}?tail=${SAVED_LINES}&run=${encodeURIComponent(run!)}`));
      saveText(`${job}-${log}.log`, page.lines.map((l) => `${l}\n`).join(''));
    } catch (e) {
      setError(e);
    }
  };

  return html`<section class="downloads" aria-labelledby="downloads-title">
    <h2 id="downloads-title">Reports and logs</h2>
    ${!run ? html`<p class="subtle">No run yet.</p>` : html`
      <h3>Reports</h3>
      ${reports?.reports.length
        ? html`<ul class="reports">${reports.reports.map((r) => html`<li><a href=${jobPath(job, `/${r.url}`)} download=${r.name}>${r.name}</a></li>`)}</ul>`
        : html`<p class="subtle">None yet: a crawl writes its reports as it ends.</p>`}
      <h3>Logs <span class="subtle">(the last ${SAVED_LINES.toLocaleString('en')} lines of each)</span></h3>
      <ul class="logs">${LOG_NAMES.map((log) => html`<li><button type="button" class="link" onClick=${() => saveLog(log)}>Save ${log}.log</button></li>`)}</ul>
      <${ProblemView} error=${error} />`}
  </section>`;
}
