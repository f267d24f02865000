import { defineCommand } from '../cli-command.js';
import { EXIT_ERROR, EXIT_OK } from '../../util/exit-codes.js';

/** `beancrawl get JOB URL [--at TIME] [--body]`: a stored response, from the run's WARC files. */
export const getCommand = defineCommand({
  names: ['get'],
  operands: { usage: 'JOB URL', min: 2, max: 2, needs: 'a job and a URL', example: 'JOB URL' },
  options: {
    at: {
      value: 'TIME', description: 'the capture closest to TIME (yyyyMMddHHmmss, or a prefix of it, or an ISO date); the latest by default',
      check: (v) => (/^\d{1,14}$/.test(v) || !Number.isNaN(Date.parse(v)) ? undefined : `--at wants yyyyMMddHHmmss (or a prefix) or an ISO date, not "${v}"`),
    },
    run: { value: 'NAME', description: 'look in this run (JOB/runs/NAME) instead of the latest' },
    body: { description: 'print the body alone, decoded from its Content-Encoding (gzip, deflate, br)' },
  },
  summary: 'Print a stored response (status line, headers, body) from a run\'s WARCs.',
  details: 'Looks URL up in the run\'s CDXJ index (RUN/index.cdxj, written first when missing, as `beancrawl index` does) and prints the '
    + 'response or resource record closest to --at (the latest by default) as stored: status line, headers and body. Responses are '
    + 'stored as received (chunk framing and Content-Encoding kept); '
    + '--body prints the body alone, without its chunk framing and decoded from gzip, deflate or br. A URL with no capture: exit 1.',
  async run({ operands: [job, url], options }, io) {
    const { runOfJob } = await import('../../job/run-of-job.js');
    const { storedResponse, decodeBody } = await import('../../job/stored-response.js');
    const { runDir } = await runOfJob(job, options.run);
    const found = await storedResponse(runDir, url, options.at);
    if (!found) {
      io.err(`beancrawl: no capture of ${url} in ${runDir} (the index lists response and resource records; see \`beancrawl index\`)`);
      return EXIT_ERROR;
    }
    const bytes = options.body ? decodeBody(found).body : found.block;
    await new Promise<void>((resolve, reject) => process.stdout.write(bytes, (e) => (e ? reject(e) : resolve())));
    return EXIT_OK;
  },
});
