import { defineComponent, type BeanView, type ComponentClass, type ConfigOf, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import type { CrawlScheduleSettings } from '../../model/crawl-schedule.js';
import { CronSyntaxError, parseCron } from '../../util/cron-expression.js';
import { locateWithinValue } from '../../util/source-location.js';
import { timeZoneHints, timeZoneProblem } from '../../util/time-zone.js';

const CRON_FORM = 'the fields are [second] minute hour day-of-month month day-of-week: "0 3 * * *" is 03:00 every day, "30 2 * * MON-FRI" 02:30 on ' +
  'weekdays; or a macro (@hourly, @daily, @weekly, @monthly, @yearly)';

/**
 * The expression must parse, its fault reported at the very character (the value's own
 * location, moved by the fault's offset in it); the time zone must be an IANA name.
 */
function validateCrawlSchedule(bean: BeanView): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const cron = String(bean.config.cron ?? '');
  try {
    parseCron(cron);
  } catch (e) {
    if (!(e instanceof CronSyntaxError)) throw e;
    issues.push({
      property: 'cron', code: 'BC_SCHEDULE_INVALID', at: locateWithinValue(bean.locationOf('cron'), cron, e.offset),
      message: `"${cron.trim()}": ${e.problem}`, hints: [CRON_FORM],
    });
  }
  const zone = String(bean.config.timeZone ?? '').trim();
  const problem = timeZoneProblem(zone);
  if (problem !== undefined) issues.push({ property: 'timeZone', code: 'BC_SCHEDULE_INVALID', message: problem, hints: timeZoneHints(zone) });
  return issues;
}

export const crawlScheduleComponent = defineComponent({
  name: 'CrawlSchedule',
  description:
    'When the service (`beancrawl serve`, to come) launches the job: a new run at each time a cron expression names on ' +
    'a time zone\'s wall clock, once the last run has finished, never a second one while one runs (with the ' +
    '`delta-recrawl` profile, a periodic synchronisation). A job holds at most one. The crawl itself does nothing with ' +
    'it, and `launch` runs the job whatever it says. A time that a clock change skips (02:30 on the night clocks spring ' +
    'forward) runs when the gap ends; a time the clocks read twice runs once, at the first reading.',
  kinds: ['CrawlSchedule'],
  props: {
    cron: {
      type: 'string', required: true,
      description:
        'A cron expression: `minute hour day-of-month month day-of-week` (`0 3 * * *`: 03:00 every day), with `*`, lists, ' +
        'ranges, steps (`*/15`) and names (`JAN`–`DEC`, `SUN`–`SAT`; 0 and 7 are Sunday); a sixth field first for seconds; or ' +
        '`@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly`. When both day fields are restricted (neither starts with `*`), a day matching either will do.',
    },
    timeZone: {
      type: 'string', default: 'UTC',
      description:
        'The IANA time zone whose wall clock `cron` reads (`Europe/Berlin`, `America/New_York`). UTC by default, so that the ' +
        'file means the same on every machine; name the zone when the runs must follow local time and its clock changes.',
    },
    enabled: { type: 'boolean', default: true, description: 'False keeps the schedule in the file but launches nothing (the job can still be ' +
      'launched by hand).' },
    runMissed: {
      type: 'boolean', default: true,
      description: 'A run missed while the service was down starts once, as soon as it starts again (however many were missed); false waits for the next time.',
    },
  },
  validate: validateCrawlSchedule,
  load: async (): Promise<ComponentClass> => CrawlSchedule,
});

export type CrawlScheduleConfig = ConfigOf<typeof crawlScheduleComponent>;

/** What a launch builds of the bean: its settings, for `beans` and the run's record; it has no start or stop, and nothing in a crawl reads it. */
export class CrawlSchedule implements CrawlScheduleSettings {
  constructor(readonly config: CrawlScheduleConfig) {}

  get cron(): string {
    return this.config.cron;
  }

  get timeZone(): string {
    return this.config.timeZone;
  }

  get enabled(): boolean {
    return this.config.enabled;
  }

  get runMissed(): boolean {
    return this.config.runMissed;
  }
}
