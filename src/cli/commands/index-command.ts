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
  details: 'Reads every WARC file in the run folder (the latest run, or --run NAME) and writes RUN/index.cdxj, the index pywb\'s own '
    + 'indexer (`wb-manager add`) writes for the same files: a line per record but warcinfo, request and metadata, `key timestamp14 {json}`, '
    + 'the key as pywb computes it (the Python surt package\'s: `1,0,0,127:8080)/` for http://127.0.0.1:8080/), pywb\'s fields in its '
    + 'order (url, mime, status, digest, length, offset, filename: the WARC file\'s bare name, as a pywb collection holds it in archive/), '
    + 'sorted as `LC_ALL=C sort` sorts. pywb serves the run from it (docs/guide/pywb.md); `beancrawl get` reads it.',
  async run({ operands: [job], options }, io) {
    const { runOfJob } = await import('../../job/run-of-job.js');
    const { writeCdxjIndex } = await import('../../job/cdxj-index.js');
    const { runDir } = await runOfJob(job, options.run);
    const index = await writeCdxjIndex(runDir);
    io.out(`${index.lines.length} records from ${index.files} WARC file${index.files === 1 ? '' : 's'}: ${index.path}`);
    return EXIT_OK;
  },
});
