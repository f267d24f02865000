import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createJob } from '../../job/create-job.js';
import { verifyJob } from '../../job/verify-job.js';
import { formatDiagnostic, isError } from '../../util/diagnostic.js';
import { timestamp17 } from '../../util/timestamp17.js';
import { defineCommand } from '../cli-command.js';
import { EXIT_ERROR } from '../../util/exit-codes.js';
import { SET_OPTION } from '../set-option.js';
import { launchCommand } from './launch-command.js';

/**
 * A person at a terminal waits for `crawl`: a seed that cannot be reached gets a few quick
 * retries, then the crawl ends (exit 3, saying why), instead of Heritrix's 30 retries 15 minutes
 * apart, which `create` and `launch` keep. Written into the job's overrides, where they can be
 * changed or deleted.
 */
export const QUICK_RETRIES = {
  why: 'beancrawl crawl: a fetch that finds no connection is retried 3 times, 5 s apart (Heritrix: 30 times, 15 min apart); delete these lines for that',
  values: { 'frontier.retryDelaySeconds': '5', 'frontier.maxRetries': '3' },
} as const;

/** What `crawl` made a job folder for, kept in it so that the same command finds it again. */
const MADE_FOR = '.crawl-command.json';

interface MadeFor {
  readonly profile: string;
  readonly seeds: readonly string[];
}

/** `beancrawl crawl URL…`: create, then launch, as those two commands would. */
export const crawlCommand = defineCommand({
  names: ['crawl'],
  operands: { usage: 'URL...', min: 1, max: Infinity, needs: 'at least one URL', example: 'URL… --contact URL' },
  options: {
    profile: { value: 'NAME', description: 'the profile to copy (default: site-mirror)' },
    contact: { value: 'URL', description: 'the operator contact URL' },
    job: { value: 'DIR', description: 'the job folder to make (default: jobs/<name of the first URL>)' },
    set: SET_OPTION,
  },
  summary: 'Create a job for these seeds and launch it, in one step.',
  details: 'The same as create then launch, with the site-mirror profile (WARC files and a browsable '
    + 'mirror) and the job folder jobs/<host> named after the first URL. The same command run again '
    + 'finds that job: an unfinished run (Ctrl-C) resumes, a finished one is crawled again as a new '
    + 'run. A job that does not verify (a missing --contact) is not left behind. A fetch that finds '
    + 'no connection is retried 3 times, 5 s apart (frontier.retryDelaySeconds=5 and '
    + 'frontier.maxRetries=3 in the job\'s overrides; create and launch keep Heritrix\'s 30, 15 min '
    + 'apart), so a seed that cannot be reached ends the crawl soon, with exit code 3.',
  async run({ operands: seeds, options }, io) {
    const wanted: MadeFor = { profile: options.profile ?? 'site-mirror', seeds };
    const job = options.job ?? (await defaultJobDir(seeds[0], wanted));
    const existing = await madeFor(job);
    if (existing && sameJob(existing, wanted)) {
      io.err(`crawling again in ${job} (made by the same command)`);
    } else {
      const fresh = !(await stat(job).then(() => true, () => false));
      const file = await createJob(job, { profile: wanted.profile, seeds, contact: options.contact, overrides: QUICK_RETRIES });
      const { diagnostics } = await verifyJob(job, { sets: options.set });
      if (diagnostics.some(isError)) {
        for (const d of diagnostics.filter(isError)) io.err(formatDiagnostic(d));
        // What this command made and cannot launch is not left half-made.
        if (fresh) await rm(job, { recursive: true, force: true });
        else await rm(file, { force: true });
        io.err(`nothing was crawled; ${fresh ? 'no job folder was kept' : `${job} is left as it was`}`);
        return EXIT_ERROR;
      }
      await writeFile(join(job, MADE_FOR), `${JSON.stringify(wanted)}\n`);
      io.out(`created ${file} from profile ${wanted.profile}`);
    }
    return launchCommand.run({
      command: 'launch', operands: [job],
      options: { fresh: false, 'forget-history': false, checkpoint: undefined, 'dry-run-deletes': false, paused: false, 'worker-id': undefined, set: options.set },
    }, io);
  },
});

/**
 * `jobs/<name>`, named after the first URL (its host and port, or the last part of a `file:`
 * path); when that folder holds another crawl, `jobs/<name>-<time>`.
 */
async function defaultJobDir(url: string, wanted: MadeFor): Promise<string> {
  const dir = join('jobs', jobName(url));
  const found = await stat(dir).then(() => true, () => false);
  if (!found) return dir;
  const made = await madeFor(dir);
  return made && sameJob(made, wanted) ? dir : `${dir}-${timestamp17(Date.now()).slice(0, 14)}`;
}

export function jobName(url: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `http://${url}`);
  } catch {
    // a name from the text itself, below
  }
  const base = parsed?.protocol === 'file:'
    ? `file-${decodeURIComponent(parsed.pathname).split('/').filter(Boolean).at(-1) ?? 'root'}`
    : parsed?.host || url;
  return base.replace(/[^\w.-]+/g, '_').replace(/^[._]+/, '').slice(0, 80) || 'crawl';
}

async function madeFor(job: string): Promise<MadeFor | undefined> {
  try {
    return JSON.parse(await readFile(join(job, MADE_FOR), 'utf8')) as MadeFor;
  } catch {
    return undefined;
  }
}

function sameJob(a: MadeFor, b: MadeFor): boolean {
  return a.profile === b.profile && a.seeds.length === b.seeds.length && a.seeds.every((s, i) => s === b.seeds[i]);
}
