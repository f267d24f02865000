import { basename } from 'node:path';
import { profileNames } from '../job/create-job.js';
import { jobFolders } from '../job/job-status.js';
import { VERSION } from '../util/version.js';
import { heapReport, jobdirUrl, jobUrl, primaryConfig } from './heritrix-job-doc.js';
import { heritrixJobState } from './heritrix-job-state.js';
import type { HeritrixMarks } from './heritrix-marks.js';
import type { HeritrixMap } from './heritrix-xml.js';
import { profilesDir } from './job-summaries.js';
import type { ServiceContext } from './service-context.js';

/**
 * The Heritrix release whose REST calls the /engine routes answer, given as `heritrixVersion`
 * with beancrawl's version after it (scripts that read it see a 3.x engine).
 */
export const HERITRIX_REST_VERSION = '3.15.0';

/** What POST /engine does here: rescan (nothing to do) and create; add is refused (one jobs folder). */
export const ENGINE_ACTIONS = ['rescan', 'create'] as const;

/**
 * `GET /engine`: the engine with Heritrix's element names, in Heritrix's order: versions, heap,
 * jobs folder and its URL, actions, every job (as Heritrix's job list shows it; its primaryConfigUrl
 * under the job's jobdir, where Heritrix's own points to a URL that does not answer) and the profiles.
 */
export async function engineDocument(ctx: ServiceContext, base: string, marks: HeritrixMarks): Promise<HeritrixMap> {
  const folders = await jobFolders(ctx.jobsDir);
  const jobs = await Promise.all(folders.map(async (folder): Promise<HeritrixMap> => {
    const name = basename(folder);
    const status = await ctx.runner.status(name, { verify: false });
    const state = heritrixJobState(status, marks, ctx.runner.isBusy(name));
    const primary = await primaryConfig(folder);
    return {
      shortName: name,
      url: jobUrl(base, name),
      isProfile: false,
      launchCount: status.runs.length,
      lastLaunch: status.lastRun?.startedAt ?? null,
      hasApplicationContext: state.hasApplicationContext,
      statusDescription: state.statusDescription,
      isLaunchInfoPartial: false,
      primaryConfig: primary ?? null,
      primaryConfigUrl: primary && jobdirUrl(base, name, folder, primary),
      crawlControllerState: state.crawlControllerState,
      crawlExitStatus: state.crawlExitStatus,
      key: name,
      beancrawlState: status.state,
    };
  }));
  return {
    heritrixVersion: `${HERITRIX_REST_VERSION}-beancrawl-${VERSION}`,
    beancrawlVersion: VERSION,
    heapReport: heapReport(),
    jobsDir: ctx.jobsDir,
    jobsDirUrl: `${base}/engine/jobsdir/`,
    availableActions: [...ENGINE_ACTIONS],
    jobs,
    profiles: await profileNames([profilesDir(ctx.jobsDir)]),
  };
}
