import { build } from './driver.js';

/**
 * The real candidate chain of a crawl whose scope takes everything: CandidateScoper, then
 * FrontierPreparer, as the candidates processor runs it for each link it schedules.
 */
export async function acceptingCandidateChain(): Promise<unknown> {
  const scoper = await build('CandidateScoper', { scope: await build('AcceptDecideRule', {}, 'scope') }, 'scoper');
  const preparer = await build('FrontierPreparer', {}, 'preparer');
  return build('CandidateChain', { processors: [scoper, preparer] }, 'candidateChain');
}
