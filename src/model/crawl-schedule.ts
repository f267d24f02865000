/**
 * When a job is to be launched: a job's CrawlSchedule bean, read by the service that launches
 * jobs (`beancrawl serve`), never by the crawl itself. The service starts a new run at each time
 * the cron expression names on the zone's wall clock, once the last run has finished, and never a
 * second one while one runs.
 */
export interface CrawlScheduleSettings {
  /** A cron expression: 5 fields (minute hour day-of-month month day-of-week), 6 with seconds first, or a macro (`@daily`). */
  readonly cron: string;
  /** The IANA time zone whose wall clock the expression reads (`UTC`, `Europe/Berlin`). */
  readonly timeZone: string;
  /** False keeps the schedule in the file but launches nothing. */
  readonly enabled: boolean;
  /** A run missed while the service was down starts once when it starts again. */
  readonly runMissed: boolean;
}
