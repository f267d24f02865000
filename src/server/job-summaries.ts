import { basename, join } from 'node:path';
import { jobFolders } from '../job/job-status.js';
import { serviceDir } from './service-intents.js';
import type { ServiceContext } from './service-context.js';

/** Where "save as profile" keeps the operator's profiles: JOBS/.beancrawl/profiles. */
export function profilesDir(jobsDir: string): string {
  return join(serviceDir(jobsDir), 'profiles');
}

/** One line of the engine's job list. */
export interface JobSummary {
  readonly name: string;
  readonly state: string;
  readonly running: boolean;
  readonly availableActions: readonly string[];
  readonly lastRun?: { readonly run: string; readonly startedAt: string; readonly endedAt?: string; readonly exitStatus?: string };
  readonly nextRunAt?: string;
  readonly url: string;
}

/** Every job of the jobs folder, by name, as the engine lists it. */
export async function jobSummaries(ctx: ServiceContext): Promise<JobSummary[]> {
  const folders = await jobFolders(ctx.jobsDir);
  return Promise.all(folders.map(async (folder) => {
    const name = basename(folder);
    const s = await ctx.runner.status(name, { verify: false });
    const r = s.lastRun;
    return {
      name, state: s.state, running: s.running, availableActions: s.availableActions, nextRunAt: s.nextRunAt,
      lastRun: r && { run: r.run, startedAt: r.startedAt, endedAt: r.endedAt, exitStatus: r.exitStatus },
      url: `/api/v1/jobs/${encodeURIComponent(name)}`,
    };
  }));
}
