import type { ResolvedGraph } from '../beans/resolve/resolved-bean.js';
import type { CrawlScheduleSettings } from '../model/crawl-schedule.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { parseCron, nextRun } from '../util/cron-expression.js';
import { isError } from '../util/diagnostic.js';
import { verifyJob } from './verify-job.js';

/** A job's schedule as its bean file gives it (a CrawlSchedule bean, checked by verify). */
export type JobSchedule = CrawlScheduleSettings;

/**
 * The schedule of the job in `jobDir`, for the service that launches jobs: the job is verified
 * as `beancrawl verify` does, and its CrawlSchedule bean read. Undefined when the job has no
 * schedule, when verify finds any error in it (the job could not be launched anyway; verify
 * says why), and when the folder holds no bean file. A disabled schedule is returned
 * (`enabled: false`), so that the service can show it. Warnings do not count, not even those
 * that make `launch` refuse (a placeholder seed): the launch reports them.
 */
export async function readJobSchedule(jobDir: string): Promise<JobSchedule | undefined> {
  try {
    const result = await verifyJob(jobDir);
    if (result.diagnostics.some(isError) || !result.resolved) return undefined;
    return scheduleOf(result.resolved);
  } catch (e) {
    if (e instanceof BeancrawlError) return undefined;
    throw e;
  }
}

/** The schedule of a verified job's beans (its bean of kind CrawlSchedule), for a caller that has verified it already. */
export function scheduleOf(resolved: ResolvedGraph): JobSchedule | undefined {
  const bean = resolved.beans.find((b) => b.descriptor.kinds.includes('CrawlSchedule'));
  if (!bean) return undefined;
  const c = bean.config;
  return { cron: String(c.cron).trim(), timeZone: String(c.timeZone).trim(), enabled: c.enabled === true, runMissed: c.runMissed === true };
}

/**
 * When the schedule next launches the job: the first time strictly after `after` that its cron
 * expression names on its time zone's clock (see nextRun for clock changes: each time runs
 * once, so `after` may be the time the last run was due or the time it ended). Times that
 * pass while a run goes on are the caller's: asked with `after` = the end of the run, this
 * skips them. Whether the schedule is `enabled` is the caller's to check. Throws
 * (CronSyntaxError, RangeError) for a schedule that verify would refuse.
 */
export function nextScheduledRun(schedule: Pick<JobSchedule, 'cron' | 'timeZone'>, after: Date): Date {
  return nextRun(parseCron(schedule.cron), after, schedule.timeZone);
}

/**
 * At the service's start-up: the scheduled time missed while it was down, when a run is owed
 * for it: the first time the schedule names after `since` (when the job's last run started, or
 * when the service last looked) that is not after `now`. Undefined when none was missed, or the
 * schedule is disabled or does not run missed times (`runMissed: false`). However many were
 * missed, one run makes up for them: the next is then nextScheduledRun(schedule, now).
 */
export function missedScheduledRun(schedule: JobSchedule, since: Date, now: Date): Date | undefined {
  if (!schedule.enabled || !schedule.runMissed) return undefined;
  const next = nextScheduledRun(schedule, since);
  return next.getTime() <= now.getTime() ? next : undefined;
}
