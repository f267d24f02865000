import { basename, join } from 'node:path';
import { jobFolders } from '../job/job-status.js';
import { serviceDir } from './service-intents.js';
import type { ServiceContext } from './service-context.js';

import type { JobSummary } from '../wire/job-status.js';

export type { JobSummary };

/** Where "save as profile" keeps the operator's profiles: JOBS/.beancrawl/profiles. */
export function profilesDir(jobsDir: string): string {
  return join(serviceDir(jobsDir), 'profiles');
}

/** Every job of the jobs folder, by name, as the engine lists it. */
export async function jobSummaries(ctx: ServiceContext): Promise<JobSummary[]> {
  const folders = await jobFolders(ctx.jobsDir);
  return Promise.all(folders.map(async (folder) => {
    const name = basename(folder);
    const s = await ctx.runner.status(name, { verify: false });
    const r = s.lastRun;
    return {
      name, state: s.state, running: s.running, availableActions: s.availableActions, nextRunAt: s.nextRunAt, counts: s.counts,
      lastRun: r && { run: r.run, startedAt: r.startedAt, endedAt: r.endedAt, exitStatus: r.exitStatus },
      url: `/api/v1/jobs/${encodeURIComponent(name)}`,
    };
  }));
}
