import type { JobStatus } from '../job/job-status.js';
import type { HeritrixMarks } from './heritrix-marks.js';

/** A job as Heritrix's pages describe it. */
export interface HeritrixJobState {
  /** The controller's state, when Heritrix would have a controller: running, or finished and not torn down. */
  readonly crawlControllerState?: string;
  /** How the crawl ended, once its state is FINISHED. */
  readonly crawlExitStatus?: string;
  /** "Unbuilt", "Ready", "Active: RUNNING", "Finished: ABORTED"… */
  readonly statusDescription: string;
  /** Heritrix's "built": a build passed, a crawl runs, or its finished run was not torn down. */
  readonly hasApplicationContext: boolean;
  /** The last run ended and shows as "Finished" (its logs and figures are still shown). */
  readonly finished: boolean;
  /** Heritrix's availableActions: build, launch, pause, unpause, checkpoint, terminate, teardown. */
  readonly availableActions: readonly string[];
}

/**
 * Heritrix's view of a beancrawl job. A queued launch is NASCENT and one starting PREPARING (as
 * Heritrix's controller is before it runs); a running crawl is "Active: " its state (STOPPING
 * still while its process, `busy` for the runner, ends after its last answer); an ended run
 * is "Finished: " its exit status until a teardown (its one action, as Heritrix's: no launch
 * before it); then (or with no run) "Ready" after a build
 * that passed, "Unbuilt" otherwise. A run stopped to be resumed (UNFINISHED) is not finished: like
 * a job after a Heritrix restart, it is Unbuilt (or Ready), and its next launch resumes it.
 */
export function heritrixJobState(status: JobStatus, marks: HeritrixMarks, busy: boolean): HeritrixJobState {
  const controllerState = status.state === 'QUEUED' ? 'NASCENT' : status.state === 'LAUNCHING' ? 'PREPARING' : status.running ? status.state
    // Its process is still there, done with its control socket, writing its run record: ending.
    : busy ? 'STOPPING' : undefined;
  const last = status.lastRun;
  const finished = controllerState === undefined && status.state === 'FINISHED' && last !== undefined && !marks.isTornDown(status.name, last.run);
  const hasApplicationContext = controllerState !== undefined || finished || marks.isBuilt(status.name);
  const statusDescription = controllerState !== undefined
    ? `Active: ${controllerState}`
    : finished ? `Finished: ${last?.exitStatus ?? 'FINISHED'}` : hasApplicationContext ? 'Ready' : 'Unbuilt';
  const actions: string[] = [];
  if (!hasApplicationContext) actions.push('build');
  // A finished crawl's container is not launched again, as Heritrix's is not: teardown first.
  if (controllerState === undefined && !finished) actions.push('launch');
  for (const a of ['pause', 'unpause', 'checkpoint', 'terminate']) if (controllerState !== undefined && status.availableActions.includes(a)) actions.push(a);
  if (hasApplicationContext) actions.push('teardown');
  return {
    crawlControllerState: finished ? 'FINISHED' : controllerState,
    crawlExitStatus: finished ? last?.exitStatus ?? 'FINISHED' : undefined,
    statusDescription, hasApplicationContext, finished, availableActions: actions,
  };
}
