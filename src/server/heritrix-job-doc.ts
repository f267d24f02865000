import { readdir, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { listCheckpoints } from '../engine/checkpoint-folder.js';
import { locateBeanFile } from '../job/locate-bean-file.js';
import { readLogPage } from '../job/log-page.js';
import { runOutputs } from '../job/run-outputs.js';
import type { VerifyReport } from '../job/verify-report.js';
import { heritrixJobState } from './heritrix-job-state.js';
import type { HeritrixMarks } from './heritrix-marks.js';
import { runBeans, type ConfigPath, type RunBeans } from './heritrix-run-beans.js';
import type { HeritrixMap, HeritrixValue } from './heritrix-xml.js';
import { frontier, lastProgressLine, loadReport, pretty, rates, sizeTotals, threadReport } from './heritrix-job-reports.js';
import { heritrixLogLine } from './job-log.js';
import type { ServiceContext } from './service-context.js';

/** Lines of job.log and crawl.log a job document shows, as Heritrix's does (newest first). */
const JOB_LOG_TAIL = 5;
/** Lines of job.log looked through for those five. */
const JOB_LOG_SCAN = 500;
const CRAWL_LOG_TAIL = 10;

/**
 * `GET /engine/job/{job}`: the job with Heritrix's element names, in Heritrix's order, filled from
 * beancrawl's job status and folder. The figures (uriTotalsReport, rateReport…) are the running
 * crawl's, or its last run's while that shows as finished; null (an empty element) otherwise, as
 * Heritrix has none without a controller. Its links (primaryConfigUrl, configFiles' urls, the log
 * file URLs) point under the job's jobdir route. beancrawl's own members follow Heritrix's:
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
  const beans = shown && last ? await runBeans(dir, last.run) : undefined;
  const load = shown && outputs ? await lastProgressLine(outputs.progressLog) : undefined;
  const primary = await primaryConfig(dir);
  const logs = shown && outputs ? outputs.logsDir : undefined;
  const link = (path: string) => jobdirUrl(base, job, dir, path);
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
    primaryConfigUrl: primary && link(primary),
    url: jobUrl(base, job),
    jobLogTail: await jobLogTail(join(dir, 'job.log')),
    uriTotalsReport: counts ? {
      downloadedUriCount: counts.downloaded, queuedUriCount: counts.queued, totalUriCount: counts.downloaded + counts.queued, futureUriCount: 0,
    } : null,
    sizeTotalsReport: sizeTotals(status, counts !== undefined, shown && last ? await sizeOnDisk(join(dir, last.run, 'warcs')) : 0),
    rateReport: counts ? rates(status) : null,
    loadReport: shown ? loadReport(status, beans, load) : null,
    elapsedReport: counts ? { elapsedMilliseconds: counts.elapsedMs, elapsedPretty: pretty(counts.elapsedMs) } : null,
    threadReport: status.running ? threadReport(status, beans) : null,
    frontierReport: status.running && status.queues ? frontier(status) : null,
    crawlLogTail: logs ? await tail(join(logs, 'crawl.log'), CRAWL_LOG_TAIL) : [],
    configFiles: await configFiles(dir, primary, beans, link),
    isLaunchInfoPartial: false,
    isRunning: status.running,
    isLaunchable: state.availableActions.includes('launch'),
    hasApplicationContext: state.hasApplicationContext,
    alertCount: status.recentAlerts?.length ?? 0,
    checkpointFiles: (await listCheckpoints(outputs?.checkpointsDir ?? join(dir, 'checkpoints'))).map((c) => c.stamp.name),
    alertLogFilePath: logs && join(logs, 'alerts.log'),
    alertLogFileUrl: logs && link(join(logs, 'alerts.log')),
    crawlLogFilePath: logs && join(logs, 'crawl.log'),
    crawlLogFileUrl: logs && link(join(logs, 'crawl.log')),
    reports: (beans?.reports ?? []).map((className): HeritrixMap => ({ className, shortName: className.replace(/Report$/, '') })),
    heapReport: heapReport(),
    beancrawlState: status.state,
    lastVerify: status.lastVerify ? verifyDocument(status.lastVerify) : undefined,
  };
}

/**
 * The URL of a file of the job folder under Heritrix's jobdir route (`…/engine/job/NAME/jobdir/PATH`),
 * absolute (Heritrix's log URLs are relative to the job's URL; an absolute one resolves the same
 * against it); null for a file outside the job folder, which no route serves.
 */
export function jobdirUrl(base: string, job: string, jobDir: string, file: string): string | null {
  const path = relative(jobDir, file);
  if (path === '' || path.startsWith('..') || isAbsolute(path)) return null;
  return `${jobUrl(base, job)}/jobdir/${path.split(sep).map(encodeURIComponent).join('/')}`;
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

/**
 * Heritrix's configFiles: the job's bean file and sheets (always), then the paths its last run's
 * beans were configured with (Heritrix's ConfigPaths: logs, reports, state, checkpoints…), each
 * with its jobdir URL and whether jobdir's PUT takes it.
 */
async function configFiles(dir: string, primary: string | undefined, beans: RunBeans | undefined, link: (path: string) => string | null): Promise<HeritrixMap[]> {
  const sheets = (await readdir(join(dir, 'sheets')).catch(() => [] as string[])).filter((n) => /\.(xml|json)$/.test(n) && !n.startsWith('.')).sort();
  const files: ConfigPath[] = [
    ...(primary ? [{ key: 'beanFile', name: 'bean file', path: primary }] : []),
    ...sheets.map((n) => ({ key: `sheets/${n}`, name: 'sheet', path: join(dir, 'sheets', n) })),
    ...(beans?.configPaths ?? []),
  ];
  return files.map((f): HeritrixMap => {
    const inJob = relative(dir, f.path);
    const own = !inJob.startsWith('..') && !isAbsolute(inJob) && (!inJob.includes(sep) || inJob.startsWith(`sheets${sep}`));
    return { key: f.key, name: f.name, path: f.path, url: link(f.path), editable: own && /\.(c?xml|json|txt)$/.test(f.path) };
  });
}

/** The last lines of job.log in Heritrix's form, newest first (the launched crawl's progress output, also there, is left out). */
async function jobLogTail(file: string): Promise<HeritrixValue[]> {
  // readLogPage reads a missing log as empty; one that cannot be read leaves only this tail empty, the rest of the page stands.
  const page = await readLogPage(file, { tail: JOB_LOG_SCAN }, { format: 'plain' }).catch(() => undefined);
  const lines = (page?.lines ?? []).map(heritrixLogLine).filter((l): l is string => l !== undefined);
  return lines.slice(-JOB_LOG_TAIL).reverse();
}

/** The last lines of a log, newest first (as Heritrix's tails are); none when it does not exist. */
async function tail(file: string, lines: number): Promise<HeritrixValue[]> {
  // A log that cannot be read leaves only this tail empty: the rest of the page stands.
  const page = await readLogPage(file, { tail: lines }, { format: 'plain' }).catch(() => undefined);
  return page ? [...page.lines].reverse() : [];
}

/** The bytes of the WARC files of a run (Heritrix's sizeOnDisk of latest/warcs). */
async function sizeOnDisk(dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const sizes = await Promise.all(names.map((n) => stat(join(dir, n)).then((s) => (s.isFile() ? s.size : 0), () => 0)));
  return sizes.reduce((a, b) => a + b, 0);
}
