/** The crawl finished, a limit included (Heritrix's FINISHED_* statuses); any other command succeeded. */
export const EXIT_OK = 0;
/** A configuration or crawl error: the job could not start, or the crawl failed. */
export const EXIT_ERROR = 1;
/** A usage error: unknown command or option, missing argument. */
export const EXIT_USAGE = 2;
/** The crawl finished, but not one seed could be crawled (each failed or was out of scope). */
export const EXIT_NO_SEED_CRAWLED = 3;
/** Interrupted by Ctrl-C or SIGTERM: the next launch resumes it. */
export const EXIT_INTERRUPTED = 4;
/** Ended by the operator (`beancrawl terminate`). */
export const EXIT_ABORTED = 5;

/** The exit code of a crawl that ran: from its exit status and whether any seed was crawled. */
export function crawlExitCode(exitStatus: string, seedsCrawled: number): number {
  if (exitStatus === 'INTERRUPTED') return EXIT_INTERRUPTED;
  if (exitStatus === 'ABORTED') return EXIT_ABORTED;
  // FINISHED_ABNORMAL is a failure (a worker failed), as is any status that is not a finish.
  if (exitStatus === 'FINISHED_ABNORMAL' || !(exitStatus === 'FINISHED' || exitStatus.startsWith('FINISHED_'))) return EXIT_ERROR;
  return seedsCrawled > 0 ? EXIT_OK : EXIT_NO_SEED_CRAWLED;
}
