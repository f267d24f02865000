import { timestamp17 } from '../../util/timestamp17.js';
import { defineCommand } from '../cli-command.js';
import { EXIT_OK } from '../exit-codes.js';
import { SET_OPTION } from '../set-option.js';
import { createCommand } from './create-command.js';
import { launchCommand } from './launch-command.js';

/** `beancrawl crawl URL…`: create, then launch, as those two commands would. */
export const crawlCommand = defineCommand({
  names: ['crawl'],
  operands: { usage: 'URL...', min: 1, max: Infinity, needs: 'at least one URL', example: 'URL… --contact URL' },
  options: {
    profile: { value: 'NAME', description: 'the profile to copy (default: site-mirror)' },
    contact: { value: 'URL', description: 'the operator contact URL' },
    job: { value: 'DIR', description: 'the job folder to make (default: jobs/<host>-<time>)' },
    set: SET_OPTION,
  },
  summary: 'Create a job for these seeds and launch it, in one step.',
  details: 'The same as create then launch, with the site-mirror profile and a new job folder '
    + 'jobs/<host>-<time> named after the first URL, unless --profile and --job say otherwise.',
  async run({ operands: seeds, options }, io) {
    const job = options.job ?? defaultJobDir(seeds[0]);
    const created = await createCommand.run({ command: 'create', operands: [job], options: { profile: options.profile ?? 'site-mirror', seed: seeds, contact: options.contact } }, io);
    if (created !== EXIT_OK) return created;
    return launchCommand.run({
      command: 'launch', operands: [job],
      options: { fresh: false, 'forget-history': false, checkpoint: undefined, 'dry-run-deletes': false, set: options.set },
    }, io);
  },
});

function defaultJobDir(url: string): string {
  let host = 'crawl';
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`).host.replace(/[^\w.-]+/g, '_');
  } catch {
    // keep the generic name
  }
  return `jobs/${host}-${timestamp17(Date.now()).slice(0, 14)}`;
}
