/**
 * The exit codes, the same for every command: one table, from which `beancrawl --help`, `help
 * launch` and docs/reference/cli.md's table are written or checked (test/docs/command-docs.test.ts). A new
 * code is one more entry here (docs/reference/cli.md, generated from it, then needs `npm run docs`).
 */
export interface ExitCode {
  readonly code: number;
  /** A few words for a help text: `0 success…`. */
  readonly brief: string;
  /** The row of the exit code table in docs/reference/cli.md (Markdown). */
  readonly meaning: string;
}

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

/** Every exit code, by code. */
export const EXIT_CODES: readonly ExitCode[] = [
  {
    code: EXIT_OK,
    brief: 'success (a crawl finished, a limit included)',
    meaning: 'Success. For `launch` and `crawl`: the crawl finished, a limit included (`FINISHED`, `FINISHED_DOCUMENT_LIMIT`, `FINISHED_TIME_LIMIT`…), '
      + 'whatever its URIs\' statuses, and at least one seed got a response (a 404 counts).',
  },
  {
    code: EXIT_ERROR,
    brief: 'a configuration error, a job that could not start, or a crawl that failed',
    meaning: 'A configuration error (verify\'s errors), a job that could not start, or a crawl that failed (`FINISHED_ABNORMAL`, or its job folder ' +
      'deleted while it ran: `BC_JOB_FOLDER_GONE`).',
  },
  {
    code: EXIT_USAGE,
    brief: 'a usage error',
    meaning: 'A usage error: unknown command or option, missing argument.',
  },
  {
    code: EXIT_NO_SEED_CRAWLED,
    brief: 'a crawl finished, but not one seed could be crawled',
    meaning: 'The crawl finished, but not one seed could be crawled: each failed (no such host, connection refused) or was out of scope. '
      + 'The summary names each seed with why (the last try\'s error, and how many tries it had) and says where to look (`alerts.log`, `seeds-report.txt`).',
  },
  {
    code: EXIT_INTERRUPTED,
    brief: 'a crawl interrupted by Ctrl-C or SIGTERM (the next launch resumes it)',
    meaning: 'Interrupted by Ctrl-C or SIGTERM (`INTERRUPTED`): the next launch resumes the run.',
  },
  {
    code: EXIT_ABORTED,
    brief: 'a crawl ended by terminate (the next launch starts a new run)',
    meaning: 'Ended by the operator with `beancrawl terminate` (`ABORTED`): the run is over, and the next launch starts a new one.',
  },
];

/** `Exit codes: 0 success…, 1 …`: the table in one sentence, for help texts. */
export function exitCodesSentence(): string {
  return `Exit codes: ${EXIT_CODES.map((e) => `${e.code} ${e.brief}`).join('; ')}.`;
}

/** The exit code of a crawl that ran: from its exit status and whether any seed was crawled. */
export function crawlExitCode(exitStatus: string, seedsCrawled: number): number {
  if (exitStatus === 'INTERRUPTED') return EXIT_INTERRUPTED;
  if (exitStatus === 'ABORTED') return EXIT_ABORTED;
  // FINISHED_ABNORMAL is a failure (a worker failed), as is any status that is not a finish.
  if (exitStatus === 'FINISHED_ABNORMAL' || !(exitStatus === 'FINISHED' || exitStatus.startsWith('FINISHED_'))) return EXIT_ERROR;
  return seedsCrawled > 0 ? EXIT_OK : EXIT_NO_SEED_CRAWLED;
}
