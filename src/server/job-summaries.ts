import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpProblem } from './http-problem.js';
import { serviceDir } from './service-intents.js';
import type { ServiceContext } from './service-context.js';

import type { JobSummary } from '../wire/job-status.js';

export type { JobSummary };

/** Where "save as profile" keeps the operator's profiles: JOBS/.beancrawl/profiles. */
export function profilesDir(jobsDir: string): string {
  return join(serviceDir(jobsDir), 'profiles');
}

/** Which jobs a list holds: a page of at most `limit` after the name `after`, of those in one of `states` whose name contains `q`. */
export interface JobListQuery {
  readonly limit?: number;
  /** The last name of the page before (names are in code-point order). */
  readonly after?: string;
  /** States (NEW, RUNNING, FINISHED…), any case. */
  readonly states?: readonly string[];
  /** A text the name contains, any case. */
  readonly q?: string;
}

/** A page of the job list, and the name the next page comes after (none: this is the last). */
export interface JobPage {
  readonly jobs: JobSummary[];
  readonly next?: string;
}

/** Job statuses read at once while a page is made. */
const BATCH = 64;

/** Every job of the jobs folder, by name, as the engine lists it. */
export async function jobSummaries(ctx: ServiceContext): Promise<JobSummary[]> {
  return (await jobPage(ctx, {})).jobs;
}

/**
 * A page of the job list: the names come from the jobs folder itself (one read of it, so a job
 * made on disk behind the service's back is listed at once), filtered by name and paged before
 * any job is looked at; then each job's summary (the runner's, kept while its folder is unchanged:
 * job-status-cache.ts), filtered by state, until the page is full. A folder that is not a job
 * (no bean file) is passed over.
 */
export async function jobPage(ctx: ServiceContext, query: JobListQuery): Promise<JobPage> {
  const limit = query.limit ?? Number.POSITIVE_INFINITY;
  const q = query.q?.toLowerCase();
  const states = query.states?.length ? new Set(query.states.map((s) => s.toUpperCase())) : undefined;
  // No jobs folder (yet): no job, as before one is made.
  const entries = await readdir(ctx.jobsDir, { withFileTypes: true }).catch(() => []);
  const names = entries.map((e) => e.name)
    .filter((name) => !name.startsWith('.') && (query.after === undefined || name > query.after) && (q === undefined || name.toLowerCase().includes(q)))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const jobs: JobSummary[] = [];
  for (let i = 0; i < names.length; i += BATCH) {
    const batch = await Promise.all(names.slice(i, i + BATCH).map((name) => summaryOf(ctx, name)));
    for (const s of batch) {
      if (!s || (states && !states.has(s.state))) continue;
      // One more than the page holds: there is a next page, after the page's last.
      if (jobs.length === limit) return { jobs, next: jobs.at(-1)!.name };
      jobs.push(s);
    }
  }
  return { jobs };
}

/** The job's summary; none for a folder that is not a job (or no longer one). */
async function summaryOf(ctx: ServiceContext, name: string): Promise<JobSummary | undefined> {
  try {
    const s = await ctx.runner.status(name, { verify: false });
    const r = s.lastRun;
    return {
      name, state: s.state, running: s.running, availableActions: s.availableActions, nextRunAt: s.nextRunAt, counts: s.counts,
      lastRun: r && { run: r.run, startedAt: r.startedAt, endedAt: r.endedAt, exitStatus: r.exitStatus },
      url: `/api/v1/jobs/${encodeURIComponent(name)}`,
    };
  } catch (e) {
    if (e instanceof HttpProblem && (e.status === 404 || e.status === 400)) return undefined;
    throw e;
  }
}
