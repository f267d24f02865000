import { writeFile } from 'node:fs/promises';
import { defineCommand } from '../cli-command.js';
import { EXIT_ERROR, EXIT_OK } from '../../util/exit-codes.js';
import { SET_OPTION } from '../set-option.js';

/** `beancrawl bot-page JOB`: the page operatorContactUrl should point to, from the job's configuration. */
export const botPageCommand = defineCommand({
  names: ['bot-page'],
  operands: { usage: 'JOB', min: 1, max: 1, needs: 'a job', example: 'jobs/site' },
  options: {
    out: { value: 'FILE', description: 'write the page to FILE instead of stdout' },
    set: SET_OPTION,
  },
  summary: 'Write the page the contact URL points to, from the job\'s configuration.',
  details: 'From the verified configuration (with --set): the User-Agent and contact, the operator, the purposes (metadata.purposes) and the '
    + 'vocabulary categories they are read in, the politeness (delays, one request at a time per site, workers, Crawl-delay and Retry-After '
    + 'honoured, 402 handling), robots.txt and usage preferences honoured and what the crawl does with them, signing (Signature-Agent, '
    + 'the key directory\'s URL and key ids when JOB has keys), and the robots.txt lines that block or slow the crawler. Every value is '
    + 'HTML-escaped. Publish it where metadata.operatorContactUrl points.',
  async run({ operands: [target], options }, io) {
    const { botPage } = await import('../../job/bot-page.js');
    const html = await botPage(target, options.set);
    if (options.out === undefined) {
      io.out(html.trimEnd());
      return EXIT_OK;
    }
    try {
      await writeFile(options.out, html);
    } catch (e) {
      io.err(`beancrawl: cannot write ${options.out}: ${(e as Error).message}`);
      return EXIT_ERROR;
    }
    io.out(`bot page written to ${options.out}: publish it where metadata.operatorContactUrl points`);
    return EXIT_OK;
  },
});
