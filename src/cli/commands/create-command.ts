import { createJob } from '../../job/create-job.js';
import { verifyJob } from '../../job/verify-job.js';
import { blocksLaunch, formatDiagnostic } from '../../util/diagnostic.js';
import { defineCommand } from '../cli-command.js';
import { EXIT_OK } from '../../util/exit-codes.js';

/** `beancrawl create JOB --profile NAME`: writes the job, then says whether it verifies. */
export const createCommand = defineCommand({
  names: ['create'],
  operands: { usage: 'JOB', min: 1, max: 1, needs: 'a job folder', example: 'JOB --profile NAME' },
  options: {
    profile: { value: 'NAME', description: 'the profile to copy (default: default)' },
    seed: { value: 'URL', repeatable: true, description: 'a seed to write into the job\'s overrides' },
    contact: { value: 'URL', description: 'the operator contact URL to write into the job\'s overrides' },
  },
  summary: 'Make a new job folder from a profile.',
  details: 'Copies the profile (default: default) into JOB and writes the seeds and the operator '
    + 'contact URL into its overrides, then verifies it and says what still needs editing. Refuses '
    + 'a folder that exists and is not empty.',
  async run({ operands: [job], options }, io) {
    const profile = options.profile ?? 'default';
    const file = await createJob(job, { profile, seeds: options.seed, contact: options.contact });
    io.out(`created ${file} from profile ${profile}`);
    const { diagnostics } = await verifyJob(job);
    if (diagnostics.some(blocksLaunch)) {
      io.err(`${job} cannot be launched yet; edit what these lines say:`);
      for (const d of diagnostics) io.err(formatDiagnostic(d));
    } else {
      for (const d of diagnostics) io.err(formatDiagnostic(d));
      io.out(`verified; start it with: beancrawl launch ${job}`);
    }
    return EXIT_OK;
  },
});
