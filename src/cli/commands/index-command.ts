import { defineCommand } from '../cli-command.js';
import { EXIT_OK } from '../../util/exit-codes.js';

/** `beancrawl index JOB [--run NAME]`: a CDXJ index of a run's WARC files. */
export const indexCommand = defineCommand({
  names: ['index'],
  operands: { usage: 'JOB', min: 1, max: 1, needs: 'a job' },
  options: {
    run: { value: 'NAME', description: 'index this run (JOB/runs/NAME) instead of the latest' },
  },
  summary: 'Write a CDXJ index of a run\'s WARC files (RUN/index.cdxj).',
  details: 'Reads every WARC file in the run folder (the latest run, or --run NAME) and writes RUN/index.cdxj: one line per '
    + 'response, revisit and resource record, `surt timestamp14 {json}` sorted by SURT, with pywb\'s fields (url, mime, status, '
    + 'digest, length, offset, filename: the WARC file relative to the run folder) and the record\'s type. pywb and `beancrawl get` read it.',
  async run({ operands: [job], options }, io) {
    const { runOfJob } = await import('../../job/run-of-job.js');
    const { writeCdxjIndex } = await import('../../job/cdxj-index.js');
    const { runDir } = await runOfJob(job, options.run);
    const index = await writeCdxjIndex(runDir);
    io.out(`${index.lines.length} records from ${index.files} WARC file${index.files === 1 ? '' : 's'}: ${index.path}`);
    return EXIT_OK;
  },
});
