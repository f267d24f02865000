import type { CrawlStatistics } from '../../model/crawl-statistics.js';
import { frontierState, queueSections } from './frontier-queue-sections.js';
import { Report } from './report.js';
import { timestamp12 } from './report-format.js';

/**
 * frontier-summary-report.txt: Heritrix's FrontierSummaryReport (WorkQueueFrontier.reportTo): the
 * frontier's URI counts, its queues by state, its last state, then the longest, in-process, ready,
 * snoozed, inactive and retired queues (frontier-queue-sections.ts) when the frontier lists them.
 * "Already included" is the URIs the frontier accepted. Queues waiting behind queues of a lower
 * precedence are inactive; the inactive line lists every precedence that has queues waiting, those
 * at or above the precedence floor (ineligible, never served) included, as Heritrix's does. Heritrix's MANAGER THREAD section, a Java thread dump, has no
 * counterpart and is left out.
 */
export class FrontierSummaryReport extends Report {
  readonly filename = 'frontier-summary-report.txt';

  *lines(s: CrawlStatistics): Iterable<string> {
    const f = s.progress.frontier;
    const q = f.queues;
    const active = f.inProcess + q.ready + q.snoozed;
    const inactive = q.inactive ?? 0;
    const ineligible = q.ineligible ?? 0;
    const byPrecedence = (q.waitingByPrecedence ?? []).map(([p, n]) => `p${p}: ${n}`).join('; ');
    yield `Frontier report - ${timestamp12(s.now)}`;
    yield ` Job being crawled: ${s.crawlName}`;
    yield '';
    yield ' -----===== STATS =====-----';
    yield ` Discovered:    ${f.discovered}`;
    yield ` Queued:        ${f.queued}`;
    yield ` Finished:      ${f.succeeded + f.failed + f.disregarded}`;
    yield `  Successfully: ${f.succeeded}`;
    yield `  Failed:       ${f.failed}`;
    yield `  Disregarded:  ${f.disregarded}`;
    yield '';
    yield ' -----===== QUEUES =====-----';
    yield ` Already included size:     ${f.discovered}`;
    yield '               pending:     0';
    yield '';
    yield ` All class queues map size: ${q.total}`;
    yield `             Active queues: ${active}`;
    yield `                    In-process: ${f.inProcess}`;
    yield `                         Ready: ${q.ready}`;
    yield `                       Snoozed: ${q.snoozed}`;
    yield `           Inactive queues: ${inactive} (${byPrecedence})`;
    yield `            Retired queues: ${q.retired}`;
    yield `          Exhausted queues: ${Math.max(0, q.total - active - inactive - ineligible - q.retired)}`;
    yield '';
    yield `             Last state: ${frontierState(s.progress.state, f.queued, f.inProcess)}`;
    if (s.queues) yield* queueSections(s.queues(), s.now);
  }
}
