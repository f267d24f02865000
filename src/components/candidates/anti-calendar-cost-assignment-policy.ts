import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { CostAssignmentPolicy } from '../../model/uri-policies.js';

export const antiCalendarCostAssignmentPolicyComponent = defineComponent({
  name: 'AntiCalendarCostAssignmentPolicy',
  aliases: ['org.archive.crawler.frontier.AntiCalendarCostAssignmentPolicy'],
  description:
    'Every URI costs 1, and 2 when it looks like part of a calendar (calendar, year, month, day, date, viewcal, event, ' +
    'yr=, calendrier, jour, or a year 19xx/20xx between non-digits, in any case), so that endless calendars use up a ' +
    'queue\'s budgets sooner.',
  kinds: ['CostAssignmentPolicy'],
  props: {},
  load: async (): Promise<ComponentClass> => AntiCalendarCostAssignmentPolicy,
});

/** Heritrix's AntiCalendarCostAssignmentPolicy.CALENDARISH, found anywhere in the URI. */
const CALENDARISH = /(calendar)|(year)|(month)|(day)|(date)|(viewcal)|(\D19\d\d\D)|(\D20\d\d\D)|(event)|(yr=)|(calendrier)|(jour)/i;

/** Heritrix's AntiCalendarCostAssignmentPolicy: the unit cost, plus one for a calendarish URI. */
export class AntiCalendarCostAssignmentPolicy implements CostAssignmentPolicy {
  costOf(curi: CrawlUri): number {
    return CALENDARISH.test(curi.uri) ? 2 : 1;
  }
}
