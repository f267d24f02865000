import type { CrawlStatistics } from '../../model/crawl-statistics.js';
import type { QueueState, QueueSummary } from '../../model/frontier-queues.js';
import { Report } from './report.js';
import { formatMillisecondsToConventional } from './report-format.js';

const SECTIONS: ReadonlyArray<readonly [string, QueueState | undefined]> = [
  ['IN-PROCESS', 'in-process'], ['READY', 'ready'], ['SNOOZED', 'snoozed'], ['INACTIVE', undefined], ['RETIRED', 'retired'],
];

const LEGEND = 'queue currentSize sessionBalance wakeTime totalSpend/totalBudget';

/**
 * frontier-nonempty-report.txt: every queue that is not exhausted, one line each, by state
 * (Heritrix's FrontierNonemptyReport, with fewer columns). Needs a frontier that lists its queues.
 */
export class FrontierNonemptyReport extends Report {
  readonly filename = 'frontier-nonempty-report.txt';

  *lines(s: CrawlStatistics): Iterable<string> {
    if (s.progress.frontier.queued === 0) {
      yield 'frontier empty';
      return;
    }
    if (!s.queues) {
      yield `${s.progress.frontier.queued} URIs queued; this frontier does not list its queues`;
      return;
    }
    const byState = new Map<QueueState, QueueSummary[]>();
    for (const q of s.queues()) {
      const list = byState.get(q.state);
      if (list) list.push(q);
      else byState.set(q.state, [q]);
    }
    for (const [title, state] of SECTIONS) {
      yield '';
      yield ` -----===== ${title} QUEUES =====-----`;
      const queues = state ? (byState.get(state) ?? []) : [];
      if (queues.length) yield LEGEND;
      for (const q of queues) yield queueLine(q, s.now);
    }
  }
}

function queueLine(q: QueueSummary, now: number): string {
  const wake = q.wakeAt > 0 ? formatMillisecondsToConventional(q.wakeAt - now) : '-';
  return `${q.key} ${q.size} ${q.balance} ${wake} ${q.totalSpent}/${q.totalBudget}`;
}
