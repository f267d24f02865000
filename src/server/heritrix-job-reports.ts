import { readLogPage } from '../job/log-page.js';
import type { JobStatus } from '../job/job-status.js';
import type { RunBeans } from './heritrix-run-beans.js';
import type { HeritrixMap } from './heritrix-xml.js';

/*
 * The figures of Heritrix's job document, each under Heritrix's names and in its order, from
 * beancrawl's job status and a run's files: sizeTotalsReport, rateReport, frontierReport,
 * loadReport, threadReport, elapsedPretty.
 */

/** Heritrix's keys (in its order, all of them) for beancrawl's totals, which are not split by duplication. */
export function sizeTotals(status: JobStatus, shown: boolean, onDisk: number): HeritrixMap {
  const bytes = shown ? status.counts?.bytes ?? 0 : 0;
  const documents = shown ? status.counts?.documents ?? 0 : 0;
  // The totals are not split by duplication: all of them count as novel, in the WARCs too.
  return {
    dupByHash: 0, dupByHashCount: 0, notModified: 0, notModifiedCount: 0, novel: bytes, novelCount: documents, sizeOnDisk: onDisk, total: bytes, totalCount: documents,
    warcNovelContentBytes: bytes, warcNovelUrls: documents,
  };
}

/** Heritrix's rateReport: the last minute's rates while the crawl runs, the run's averages. */
export function rates(status: JobStatus): HeritrixMap {
  const c = status.counts!;
  const seconds = c.elapsedMs / 1000;
  const recent = status.running ? status.rates?.lastMinute : undefined;
  const average = status.rates?.averageDocumentsPerSecond ?? 0;
  const averageKiB = seconds > 0 ? Math.round(c.bytes / 1024 / seconds) : 0;
  return {
    currentDocsPerSecond: recent ? recent.documentsPerSecond : status.running ? average : 0,
    averageDocsPerSecond: average,
    currentKiBPerSec: recent ? Math.round(recent.bytesPerSecond / 1024) : status.running ? averageKiB : 0,
    averageKiBPerSec: averageKiB,
  };
}

/** The frontier's queues under Heritrix's names (one URI in process per queue: in-process URIs are in-process queues), and the state it last reached. */
export function frontier(status: JobStatus): HeritrixMap {
  const q = status.queues!;
  const n = (k: string) => q[k] ?? 0;
  const active = n('inProcess') + n('ready') + n('snoozed');
  return {
    totalQueues: n('total'), inProcessQueues: n('inProcess'), readyQueues: n('ready'), snoozedQueues: n('snoozed'), activeQueues: active,
    inactiveQueues: n('inactive'), ineligibleQueues: n('ineligible'), retiredQueues: n('retired'),
    exhaustedQueues: Math.max(0, n('total') - active - n('inactive') - n('ineligible') - n('retired')),
    lastReachedState: frontierState(status),
  };
}

/** Heritrix's Frontier.State for a running crawl: RUN, PAUSE, EMPTY (nothing queued or in process), FINISH (stopping). */
function frontierState(status: JobStatus): string {
  if (status.state === 'PAUSING' || status.state === 'PAUSED') return 'PAUSE';
  if (status.state === 'STOPPING' || status.state === 'FINISHED') return 'FINISH';
  return status.counts?.queued === 0 && (status.queues?.inProcess ?? 0) === 0 ? 'EMPTY' : 'RUN';
}

/** The figures of the last line of a run's progress-statistics.log (Heritrix's columns): congestion, deepest queue, average depth. */
export interface ProgressLine {
  readonly busyThreads: number;
  readonly congestion: number;
  readonly deepest: number;
  readonly averageDepth: number;
}

export async function lastProgressLine(file: string): Promise<ProgressLine | undefined> {
  // A progress log that cannot be read is no progress line: the report shows none, the rest of it stands.
  const page = await readLogPage(file, { tail: 1 }, { format: 'plain' }).catch(() => undefined);
  const f = page?.lines.at(-1)?.trim().split(/\s+/);
  if (!f || f.length < 13 || !/^\d{4}-\d\d-\d\dT/.test(f[0])) return undefined;
  const num = (s: string, otherwise: number) => (Number.isFinite(Number(s)) ? Number(s) : otherwise);
  return { busyThreads: num(f[7], 0), congestion: num(f[10], 0), deepest: num(f[11], -1), averageDepth: num(f[12], 0) };
}

/** Heritrix's loadReport: busy and all workers, and the frontier's congestion and depths as the last progress line gave them. */
export function loadReport(status: JobStatus, beans: RunBeans | undefined, line: ProgressLine | undefined): HeritrixMap {
  return {
    busyThreads: status.running ? status.busyWorkers ?? 0 : 0,
    totalThreads: status.running ? beans?.toeThreads ?? 0 : 0,
    congestionRatio: line?.congestion ?? 0,
    averageQueueDepth: line?.averageDepth ?? 0,
    deepestQueueDepth: line?.deepest ?? -1,
  };
}

/**
 * Heritrix's threadReport: the pool's size and its workers by step, as Heritrix's step names
 * tally them (an idle worker is ABOUT_TO_GET_URI, a busy one ABOUT_TO_BEGIN_PROCESSOR). Which
 * processor each busy worker is in is not known outside the crawl: `processors` is empty.
 */
export function threadReport(status: JobStatus, beans: RunBeans | undefined): HeritrixMap {
  const total = beans?.toeThreads ?? status.busyWorkers ?? 0;
  const busy = Math.min(status.busyWorkers ?? 0, total);
  const steps: Array<[number, string]> = [[busy, 'ABOUT_TO_BEGIN_PROCESSOR'], [total - busy, 'ABOUT_TO_GET_URI']];
  return {
    toeCount: total,
    steps: steps.filter(([n]) => n > 0).sort((a, b) => b[0] - a[0]).map(([n, step]) => `${n} ${step}`),
    processors: [],
  };
}

/** Heritrix's elapsedPretty: `1h2m3s4ms`, leading zero units left out. */
export function pretty(ms: number): string {
  const units: Array<[string, number]> = [['d', 86_400_000], ['h', 3_600_000], ['m', 60_000], ['s', 1000], ['ms', 1]];
  let left = Math.max(0, Math.round(ms));
  let text = '';
  for (const [unit, size] of units) {
    const n = Math.floor(left / size);
    left -= n * size;
    if (n > 0 || text || unit === 'ms') text += `${n}${unit}`;
  }
  return text;
}
