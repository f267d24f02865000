/** The running crawl's beans and the changes made to them live (GET and PATCH …/beans). */

/** A bean of the running crawl: its values now, and which of them can be changed while it runs. */
export interface LiveBean {
  readonly id: string;
  readonly className: string;
  readonly values: Readonly<Record<string, unknown>>;
  readonly live: readonly string[];
}
/** One change made while the crawl ran, as the change log keeps it. */
export interface LiveChange {
  readonly at: string;
  readonly who: string;
  readonly bean: string;
  readonly property: string;
  readonly old: unknown;
  readonly new: unknown;
  /** The override line that keeps the change for the next launches (the bean file is not rewritten). */
  readonly keep: string;
  /** What verify would warn of with the new value (a rest of at least minDelayMs that maxDelayMs caps). */
  readonly warnings?: readonly string[];
}
