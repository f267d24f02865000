import { createJob } from '../../job/create-job.js';
import { verifyJob } from '../../job/verify-job.js';
import { formatDiagnostic, isError } from '../../util/diagnostic.js';
import { EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';

export interface CreateArgs {
  readonly job: string;
  readonly profile: string;
  readonly seeds: readonly string[];
  readonly contact?: string;
}

/** `beancrawl create JOB --profile NAME`: writes the job, then says whether it verifies. */
export async function createCommand(args: CreateArgs, io: Output): Promise<number> {
  const file = await createJob(args.job, { profile: args.profile, seeds: args.seeds, contact: args.contact });
  io.out(`created ${file} from profile ${args.profile}`);
  const { diagnostics } = await verifyJob(args.job);
  if (diagnostics.some(isError)) {
    io.err(`${args.job} needs editing before it can be launched:`);
    for (const d of diagnostics) io.err(formatDiagnostic(d));
  } else {
    for (const d of diagnostics) io.err(formatDiagnostic(d));
    io.out(`verified; start it with: beancrawl launch ${args.job}`);
  }
  return EXIT_OK;
}
