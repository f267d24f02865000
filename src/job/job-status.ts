import { readdir, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { CrawlProgress } from '../model/crawl-control.js';
import { sendControl } from './control-socket.js';
import { JOB_BEAN_FILES } from './locate-bean-file.js';
import { readRunRecords } from './run-record.js';

import type { JobStatus } from '../wire/job-status.js';

/**
 * A job as `status --json`, `jobs --json` and the service's API show it: one shape (src/wire), made here.
 * `state` is the controller's (RUNNING, PAUSED, STOPPING…) while a crawl runs (STOPPING too once its
 * socket has closed, until its process has written how the run ended); otherwise how the last run ended: FINISHED (its exit status says how), UNFINISHED (killed or interrupted: the next
 * launch resumes it) or NEW (never launched).
 */
export type { JobStatus };

/** The status of the job in `jobDir`: asked of its crawl when one runs, read from its run records otherwise. */
export async function jobStatus(jobDir: string): Promise<JobStatus> {
  const path = resolve(jobDir);
  const runs = await readRunRecords(path);
  const lastRun = runs.at(-1);
  const base = { name: basename(path), path, runs, lastRun };
  // No answer (no socket, a crawl that died) is no crawl running: the status is the run records'.
  const reply = await sendControl(path, 'status', 2000).catch(() => undefined);
  if (reply?.ok && reply.progress) {
    const p = reply.progress as unknown as CrawlProgress;
    const secs = p.elapsedMs / 1000;
    return {
      ...base, running: true, state: p.state,
      availableActions: p.state === 'PAUSED' || p.state === 'PAUSING' ? ['unpause', 'checkpoint', 'terminate'] : ['pause', 'checkpoint', 'terminate'],
      counts: {
        discovered: p.frontier.discovered, queued: p.frontier.queued, downloaded: p.frontier.succeeded, failed: p.frontier.failed,
        disregarded: p.frontier.disregarded, documents: p.documents, bytes: p.bytes, seedsCrawled: p.seedsCrawled, elapsedMs: p.elapsedMs, delta: p.delta,
      },
      rates: { averageDocumentsPerSecond: secs > 0 ? p.documents / secs : 0, lastMinute: reply.recent },
      queues: queueCounts(p.frontier.queues, p.frontier.inProcess),
      retryWaits: p.frontier.queues.retryWaits?.length ? p.frontier.queues.retryWaits : undefined,
      busyWorkers: p.busyWorkers, alert: p.alert, pausedFor: p.pausedFor, recentAlerts: p.recentAlerts,
    };
  }
  // Its socket closed, a crawl still stops its beans and writes its record: it has not ended yet.
  if (lastRun && lastRun.endedAt === undefined && isAlive(lastRun.pid)) {
    return { ...base, running: true, state: 'STOPPING', availableActions: [], counts: lastRun.counts };
  }
  const ended = lastRun?.endedAt !== undefined && lastRun.exitStatus !== 'INTERRUPTED' && lastRun.exitStatus !== 'FINISHED_ABNORMAL';
  const state = lastRun === undefined ? 'NEW' : ended ? 'FINISHED' : 'UNFINISHED';
  const counts = lastRun?.counts;
  return {
    ...base, running: false, state, availableActions: ['launch'], counts,
    rates: counts && { averageDocumentsPerSecond: counts.elapsedMs > 0 ? counts.documents / (counts.elapsedMs / 1000) : 0 },
  };
}

/**
 * Whether the process that wrote a run's record still runs (another than this one: a launch in this
 * process that left no end in its record was cut short, as a killed one).
 */
function isAlive(pid: number | undefined): boolean {
  if (pid === undefined || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function queueCounts(queues: object, inProcess: number): Record<string, number> {
  const counts: Record<string, number> = { inProcess };
  for (const [state, n] of Object.entries(queues)) if (typeof n === 'number') counts[state] = n;
  return counts;
}

/** The job folders directly under `dir` (folders holding a crawler-beans file), by name. */
export async function jobFolders(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const jobs: string[] = [];
  for (const name of names.sort()) {
    const folder = join(dir, name);
    if (await isJobFolder(folder)) jobs.push(folder);
  }
  return jobs;
}

/** Whether `folder` is a folder holding a crawler-beans file. */
export async function isJobFolder(folder: string): Promise<boolean> {
  if (!(await stat(folder).then((s) => s.isDirectory(), () => false))) return false;
  const files = await readdir(folder).catch(() => [] as string[]);
  return files.some((f) => (JOB_BEAN_FILES as readonly string[]).includes(f));
}
