/**
 * The state of a crawl that several worker processes share (a Redis-backed frontier): one
 * operator's pause, unpause or terminate, given on any machine, holds for every worker.
 */
export type SharedCrawlState = 'RUNNING' | 'PAUSED' | 'TERMINATING' | 'FINISHED';

export interface SharedCrawl {
  /** Called whenever the crawl-wide state changes (and once with the state at the time of the call). */
  watchState(listener: (state: SharedCrawlState, exitStatus?: string) => void): void;
  /** Sets the state for every worker (a terminate carries the exit status). */
  setState(state: Exclude<SharedCrawlState, 'FINISHED'>, exitStatus?: string): Promise<void>;
  /** Why the workers cannot reach what they share (Redis does not answer), while that lasts: the crawl pauses with this alert. */
  readonly problem?: string;
  /** This worker's name in the crawl. */
  readonly workerId: string;
}

/** The shared crawl a frontier takes part in, when it is one that workers share. */
export function sharedCrawlOf(frontier: object): SharedCrawl | undefined {
  const shared = (frontier as { sharedCrawl?: SharedCrawl }).sharedCrawl;
  return shared && typeof shared.watchState === 'function' ? shared : undefined;
}
