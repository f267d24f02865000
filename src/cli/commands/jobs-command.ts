import { jobFolders, jobStatus, type JobStatus } from '../../job/job-status.js';
import { EXIT_OK } from '../../util/exit-codes.js';
import { defineCommand } from '../cli-command.js';

/** `beancrawl jobs [DIR]`: the jobs of a jobs folder, each with its state and last run. */
export const jobsCommand = defineCommand({
  names: ['jobs'],
  operands: { usage: '[DIR]', min: 0, max: 1, needs: '' },
  options: {
    json: { description: 'print a JSON array of job objects (the shape status --json prints)' },
  },
  summary: 'List the jobs of a folder: state, last run, exit status, counts.',
  details: 'DIR (default: jobs) holds job folders, as beancrawl crawl makes them. A job is RUNNING '
    + '(or PAUSED…) while a crawl of it answers on its control socket; otherwise FINISHED, UNFINISHED '
    + '(the next launch resumes it) or NEW.',
  async run({ operands: [dir], options }, io) {
    const statuses = await Promise.all((await jobFolders(dir ?? 'jobs')).map((job) => jobStatus(job)));
    if (options.json) io.out(JSON.stringify(statuses, null, 2));
    else if (statuses.length === 0) io.out(`no jobs in ${dir ?? 'jobs'}`);
    else io.out(table(statuses));
    return EXIT_OK;
  },
});

function table(statuses: readonly JobStatus[]): string {
  const rows = [['JOB', 'STATE', 'LAST RUN', 'EXIT', 'DOWNLOADED', 'QUEUED', 'FAILED', 'MiB']];
  for (const s of statuses) {
    const c = s.counts;
    rows.push([
      s.name, s.state, s.lastRun?.endedAt ?? s.lastRun?.startedAt ?? '-', s.lastRun?.exitStatus ? `${s.lastRun.exitStatus} (${s.lastRun.exitCode})` : '-',
      String(c?.downloaded ?? '-'), String(c?.queued ?? '-'), String(c?.failed ?? '-'), c ? (c.bytes / 1048576).toFixed(1) : '-',
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}
