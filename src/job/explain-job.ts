import { BeanContainer } from '../beans/container/bean-container.js';
import { loadEngineSettings } from '../beans/engine-settings.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { isError } from '../util/diagnostic.js';
import { packageRoot } from '../util/package-root.js';
import { sendControl } from './control-socket.js';
import { explainerBeanIds, explainerFor, type Explanation } from './explain-urls.js';
import { locateBeanFile } from './locate-bean-file.js';
import { verifyJob } from './verify-job.js';

export type { Explanation, ExplainedFrom, OverrideExplained, RuleVerdict } from './explain-urls.js';

/** How long the running crawl has to answer (explaining is quick; a crawl under load answers late). */
const RUNNING_ANSWER_MS = 30_000;

/**
 * `beancrawl explain`: what the job does with each URL, without fetching: keys, every scope
 * rule's verdict, the sheets that apply and the values they change, politeness. While the job's
 * crawl runs, the crawl answers (its beans and sheets as they are now, live changes included):
 * the configuration cannot be started beside it, as the crawl holds its state store. `sets` are
 * refused then (BC_JOB_RUNNING): they could change only the running crawl.
 */
export async function explainJob(target: string, urls: readonly string[], sets: readonly string[] = []): Promise<Explanation[]> {
  const { jobDir, file } = await locateBeanFile(target);
  if (sets.length) {
    if (await sendControl(jobDir, 'status', 2000).then((r) => r.ok, () => false)) {
      throw new BeancrawlError([{
        code: 'BC_JOB_RUNNING', location: { file },
        message: '--set cannot apply while this job\'s crawl runs: the running crawl answers explain, with its values as they are now',
        hints: [
          'leave out --set to ask the running crawl',
          'change a live value of the running crawl with PATCH /api/v1/jobs/JOB/beans/BEAN.PROPERTY (beancrawl serve), then explain',
          'or explain with --set once the crawl has ended',
        ],
      }]);
    }
    return explainFromConfiguration(target, urls, sets);
  }
  return (await askRunningCrawl(jobDir, file, urls)) ?? explainFromConfiguration(target, urls, sets);
}

/**
 * The running crawl's explanations, or undefined when no crawl of the job runs (no control
 * socket, or one left by a crawl that died). A crawl that runs but refuses, or does not answer
 * in time, is an error: the configuration cannot be started beside it.
 */
async function askRunningCrawl(jobDir: string, file: string, urls: readonly string[]): Promise<Explanation[] | undefined> {
  let failure: string;
  try {
    const reply = await sendControl(jobDir, 'explain', RUNNING_ANSWER_MS, { urls });
    if (reply.ok && reply.explained) return [...reply.explained];
    failure = reply.error ?? 'it gave no explanations';
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return undefined;
    failure = (e as Error).message;
  }
  throw new BeancrawlError([{
    code: 'BC_JOB_RUNNING', location: { file },
    message: `this job's crawl runs (its control socket answers) but did not explain: ${failure}`,
    hints: ['the configuration cannot be started beside a running crawl (it holds the state store): ask again, or once the crawl has ended'],
  }]);
}

/**
 * Explains from the configuration on disk (with `sets`), in a container of its own that starts
 * only the beans scope and preparation need (and what they depend on), stopped again after.
 */
export async function explainFromConfiguration(target: string, urls: readonly string[], sets: readonly string[] = []): Promise<Explanation[]> {
  const verified = await verifyJob(target, { sets });
  if (verified.diagnostics.some(isError)) throw new BeancrawlError(verified.diagnostics.filter(isError));
  const resolved = verified.resolved!;
  const container = await BeanContainer.build(resolved, await loadEngineSettings(packageRoot()));
  await container.start(explainerBeanIds(resolved));
  try {
    return explainerFor(resolved, <T>(id: string) => container.get<T>(id), 'configuration')(urls);
  } finally {
    await container.stop();
  }
}
