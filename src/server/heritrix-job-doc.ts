import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { listCheckpoints } from '../engine/checkpoint-folder.js';
import type { JobStatus } from '../job/job-status.js';
import { locateBeanFile } from '../job/locate-bean-file.js';
import { readLogPage } from '../job/log-page.js';
import { runOutputs } from '../job/run-outputs.js';
import type { VerifyReport } from '../job/verify-report.js';
import { heritrixJobState } from './heritrix-job-state.js';
import type { HeritrixMarks } from './heritrix-marks.js';
import type { HeritrixMap, HeritrixValue } from './heritrix-xml.js';
import type { ServiceContext } from './service-context.js';

/** Lines of job.log and crawl.log a job document shows, as Heritrix's does (newest first). */
const JOB_LOG_TAIL = 5;
const CRAWL_LOG_TAIL = 10;

/**
 * `GET /engine/job/{job}`: the job with Heritrix's element names, in Heritrix's order, filled from
 * beancrawl's job status and folder. The figures (uriTotalsReport, rateReport…) are the running
 * crawl's, or its last run's while that shows as finished; null (an empty element) otherwise, as
 * Heritrix has none without a controller. beancrawl's own members follow Heritrix's:
 * `beancrawlState` (NEW, UNFINISHED, QUEUED…) and `lastVerify` (the last build's errors, each
 * located by file, line and column).
 */
export async function jobDocument(ctx: ServiceContext, job: string, base: string, marks: HeritrixMarks): Promise<HeritrixMap> {
  const dir = await ctx.runner.jobDir(job);
  const status = await ctx.runner.status(job);
  const state = heritrixJobState(status, marks, ctx.runner.isBusy(job));
  const last = status.lastRun;
  const outputs = last ? await runOutputs(dir, last.run) : undefined;
  const shown = status.running || state.finished || state.crawlControllerState === 'STOPPING';
  const counts = shown ? status.counts : undefined;
  const primary = await primaryConfig(dir);
  const logs = shown && outputs ? outputs.logsDir : undefined;
  return {
    shortName: status.name,
    crawlControllerState: state.crawlControllerState,
    crawlExitStatus: state.crawlExitStatus,
    statusDescription: state.statusDescription,
    availableActions: state.availableActions,
    launchCount: status.runs.length,
    lastLaunch: last?.startedAt ?? null,
    isProfile: false,
    primaryConfig: primary ?? null,
    primaryConfigUrl: primary && `${base}/api/v1/jobs/${encodeURIComponent(job)}/files/${encodeURIComponent(basename(primary))}`,
    url: jobUrl(base, job),
    jobLogTail: await tail(join(dir, 'job.log'), JOB_LOG_TAIL),
    uriTotalsReport: counts ? {
      downloadedUriCount: counts.downloaded, queuedUriCount: counts.queued, totalUriCount: counts.downloaded + counts.queued, futureUriCount: 0,
    } : null,
    sizeTotalsReport: sizeTotals(status, counts !== undefined, shown && last ? await sizeOnDisk(join(dir, last.run, 'warcs')) : 0),
    rateReport: counts ? rates(status) : null,
    loadReport: status.running ? { busyThreads: status.busyWorkers ?? 0 } : null,
    elapsedReport: counts ? { elapsedMilliseconds: counts.elapsedMs, elapsedPretty: pretty(counts.elapsedMs) } : null,
    frontierReport: status.running && status.queues ? frontier(status.queues) : null,
    crawlLogTail: logs ? await tail(join(logs, 'crawl.log'), CRAWL_LOG_TAIL) : [],
    isLaunchInfoPartial: false,
    isRunning: status.running,
    isLaunchable: state.availableActions.includes('launch'),
    hasApplicationContext: state.hasApplicationContext,
    alertCount: status.recentAlerts?.length ?? 0,
    checkpointFiles: (await listCheckpoints(outputs?.checkpointsDir ?? join(dir, 'checkpoints'))).map((c) => c.stamp.name),
    alertLogFilePath: logs && join(logs, 'alerts.log'),
    crawlLogFilePath: logs && join(logs, 'crawl.log'),
    heapReport: heapReport(),
    beancrawlState: status.state,
    lastVerify: status.lastVerify ? verifyDocument(status.lastVerify) : undefined,
  };
}

/** A job's URL under /engine, as Heritrix gives it: absolute. */
export function jobUrl(base: string, job: string): string {
  return `${base}/engine/job/${encodeURIComponent(job)}`;
}

/** The job's bean file (its full path); undefined when the folder holds none, or two. */
export async function primaryConfig(dir: string): Promise<string | undefined> {
  return locateBeanFile(dir).then((t) => t.file, () => undefined);
}

/** The service's heap, as Heritrix reports its JVM's. */
export function heapReport(): HeritrixMap {
  const m = process.memoryUsage();
  return { usedBytes: m.heapUsed, totalBytes: m.heapTotal, maxBytes: getHeapStatistics().heap_size_limit };
}

/** A verify report as a document: whether it passed, how far it got, and each problem where it is. */
export function verifyDocument(report: VerifyReport): HeritrixMap {
  return {
    ok: report.ok, level: report.level, beans: report.beans, at: report.at,
    errors: report.errors.map((e): HeritrixMap => ({
      severity: e.severity, code: e.code, file: e.file, line: e.line, column: e.column, bean: e.bean, property: e.property, level: e.level, message: e.message, hints: e.hints,
    })),
  };
}

/** Heritrix's keys (in its order, all of them) for beancrawl's totals, which are not split by duplication. */
function sizeTotals(status: JobStatus, shown: boolean, onDisk: number): HeritrixMap {
  const bytes = shown ? status.counts?.bytes ?? 0 : 0;
  const documents = shown ? status.counts?.documents ?? 0 : 0;
  return {
    dupByHash: 0, dupByHashCount: 0, notModified: 0, notModifiedCount: 0, novel: bytes, novelCount: documents, sizeOnDisk: onDisk, total: bytes, totalCount: documents,
  };
}

function rates(status: JobStatus): HeritrixMap {
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

/** The frontier's queues under Heritrix's names (one URI in process per queue: in-process URIs are in-process queues). */
function frontier(q: Readonly<Record<string, number>>): HeritrixMap {
  const n = (k: string) => q[k] ?? 0;
  const active = n('inProcess') + n('ready') + n('snoozed');
  return {
    totalQueues: n('total'), inProcessQueues: n('inProcess'), readyQueues: n('ready'), snoozedQueues: n('snoozed'), activeQueues: active,
    inactiveQueues: n('inactive'), ineligibleQueues: n('ineligible'), retiredQueues: n('retired'),
    exhaustedQueues: Math.max(0, n('total') - active - n('inactive') - n('ineligible') - n('retired')),
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

/** The last lines of a log, newest first (as Heritrix's tails are); none when it does not exist. */
async function tail(file: string, lines: number): Promise<HeritrixValue[]> {
  const page = await readLogPage(file, { tail: lines }, { format: 'plain' }).catch(() => undefined);
  return page ? [...page.lines].reverse() : [];
}

/** The bytes of the WARC files of a run (Heritrix's sizeOnDisk of latest/warcs). */
async function sizeOnDisk(dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const sizes = await Promise.all(names.map((n) => stat(join(dir, n)).then((s) => (s.isFile() ? s.size : 0), () => 0)));
  return sizes.reduce((a, b) => a + b, 0);
}
