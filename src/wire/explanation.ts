/** What the configuration does with a URL, without fetching it (`explain`, POST …/explain). */

export interface RuleVerdict { readonly index: number; readonly rule: string; readonly className: string; readonly decision: string }
export interface OverrideExplained { readonly property: string; readonly value: unknown; readonly base: unknown; readonly sheet: string; readonly at?: string }
/**
 * Who answered: the job's running crawl (its beans as they are now, live changes included), or
 * the configuration on disk, started for the question when no crawl of the job runs.
 */
export type ExplainedFrom = 'running-crawl' | 'configuration';
export interface Explanation {
  readonly url: string;
  readonly from: ExplainedFrom;
  readonly normalized: string | null;
  readonly surt?: string;
  readonly uniquenessKey?: string;
  readonly queueKey?: string;
  /** What the URI costs its queue's budgets (the preparer's costAssignmentPolicy). */
  readonly cost?: number;
  readonly rules: RuleVerdict[];
  readonly decision?: { readonly decision: string; readonly rule?: string; readonly index?: number };
  /** The crawler a crawl mapper of the candidate chain (HashCrawlMapper) gives the URI to instead of scheduling it here. */
  readonly divertedTo?: string;
  readonly sheets: Array<{ sheet: string; because: string }>;
  readonly overrides: OverrideExplained[];
  readonly politeness?: { readonly minDelayMs: number; readonly maxDelayMs: number; readonly delayFactor: number; readonly respectCrawlDelayUpToSeconds: number };
  readonly robots: string;
  /** The usage preferences robots.txt states for it (Content-Signal, Content-Usage), asked of the running crawl; absent otherwise. */
  readonly usage?: string;
  /**
   * Whether its response, if a 2xx HTML page, is rendered in a browser: the BrowserProcessor bean,
   * its `enabled` for this URL, and the sheet that set it (none: the bean's own value). Absent in
   * a job without one.
   */
  readonly rendering?: { readonly bean: string; readonly enabled: boolean; readonly sheet?: string };
}
