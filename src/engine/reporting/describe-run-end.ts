/**
 * How a run ended, in words that call finished only a run that finished (Heritrix's CrawlStatus
 * says "Finished - Ended by operator" of ABORTED; crawl-report.txt keeps its words): the summary
 * of `launch` and report.html say it, and what the next launch then does.
 */
const RUN_ENDS: Readonly<Record<string, string>> = {
  FINISHED: 'finished',
  FINISHED_TIME_LIMIT: 'finished: its time limit was reached',
  FINISHED_DATA_LIMIT: 'finished: its data limit was reached',
  FINISHED_DOCUMENT_LIMIT: 'finished: its document limit was reached',
  FINISHED_WRITE_LIMIT: 'finished: its write limit was reached',
  ABORTED: 'not finished: ended by the operator (terminate); the next launch starts a new run',
  INTERRUPTED: 'not finished: interrupted (Ctrl-C or SIGTERM); the next launch resumes it',
  FINISHED_ABNORMAL: 'not finished: the crawl failed; the next launch resumes it',
};

export function describeRunEnd(exitStatus: string): string {
  return RUN_ENDS[exitStatus] ?? exitStatus;
}

