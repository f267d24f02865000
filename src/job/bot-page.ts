import { BeancrawlError } from '../util/beancrawl-error.js';
import { isError } from '../util/diagnostic.js';
import { botPageFacts } from './bot-page-facts.js';
import { renderBotPage } from './render-bot-page.js';
import { verifyJob } from './verify-job.js';

/** `beancrawl bot-page`: the bot page of a job, from its verified configuration (with `sets`); a job that does not verify is its errors. */
export async function botPage(target: string, sets: readonly string[] = []): Promise<string> {
  const verified = await verifyJob(target, { sets });
  if (verified.diagnostics.some(isError)) throw new BeancrawlError(verified.diagnostics.filter(isError));
  return renderBotPage(await botPageFacts(verified.resolved!, verified.jobDir));
}
