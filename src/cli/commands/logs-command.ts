import { defineCommand } from '../cli-command.js';
import { EXIT_ERROR, EXIT_OK } from '../../util/exit-codes.js';

/** `beancrawl logs JOB [--run NAME] [--log NAME]`: a run's log, every worker's merged in time order. */
export const logsCommand = defineCommand({
  names: ['logs'],
  operands: { usage: 'JOB', min: 1, max: 1, needs: 'a job' },
  options: {
    run: { value: 'NAME', description: 'the log of this run (JOB/runs/NAME) instead of the latest' },
    log: { value: 'FILE', description: 'which log: crawl.log (the default), alerts.log, uri-errors.log, runtime-errors.log…' },
  },
  summary: 'Print a run\'s crawl.log (or another log), workers\' merged by time.',
  details: 'A run of a crawl shared through Redis keeps a log per worker (RUN/workers/ID/logs/); they are merged line by line by '
    + 'their leading time, so the output reads as one crawl.log. A run with one log prints it as it is.',
  async run({ operands: [job], options }, io) {
    const { runOfJob } = await import('../../job/run-of-job.js');
    const { logFilesOfRun, mergedLines } = await import('../../job/merged-log.js');
    const name = options.log ?? 'crawl.log';
    const { runDir } = await runOfJob(job, options.run);
    const files = await logFilesOfRun(runDir, name);
    if (files.length === 0) {
      io.err(`beancrawl: ${runDir} has no ${name} (in logs/, or in a worker's workers/ID/logs/)`);
      return EXIT_ERROR;
    }
    // Printed 64 KB at a time, waiting for a slow reader (a pager), so that a long log never fills memory.
    let chunk = '';
    for await (const line of mergedLines(files)) {
      chunk += `${line}\n`;
      if (chunk.length < 65536) continue;
      io.out(chunk);
      chunk = '';
      await io.drained?.();
    }
    if (chunk) io.out(chunk);
    return EXIT_OK;
  },
});
