import { createJob } from '../job/create-job.js';
import { jobStatus } from '../job/job-status.js';
import type { VerifyProblem, VerifyReport } from '../job/verify-report.js';
import { heritrixJobState } from './heritrix-job-state.js';
import type { HeritrixMarks } from './heritrix-marks.js';
import { HttpProblem } from './http-problem.js';
import { copyJobTo, deleteJob } from './job-admin.js';
import { appendJobLog, type JobLogLevel } from './job-log.js';
import { profilesDir } from './job-summaries.js';
import type { ServiceContext } from './service-context.js';

/** POST /engine's form: Heritrix's fields. */
export interface EngineForm {
  readonly action: 'create' | 'add' | 'rescan';
  readonly createpath?: string;
  readonly addpath?: string;
  readonly profile?: string;
}

/** POST /engine/job/{job}'s form: Heritrix's fields. */
export interface JobForm {
  /** Absent for Heritrix's copy (`copyTo=NAME`). */
  readonly action?: JobAction;
  readonly checkpoint?: string;
  /** Heritrix's "copy job": the new job's name; with `asProfile=on`, a profile of that name. */
  readonly copyTo?: string;
  readonly asProfile?: string;
}

/** The job actions Heritrix's job page offers (build's three steps included), each answered here. */
export const JOB_ACTIONS = ['build', 'validate', 'checkXML', 'instantiate', 'launch', 'pause', 'unpause', 'checkpoint', 'terminate', 'teardown', 'delete'] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

/** How long a teardown waits for a running crawl to stop, as Heritrix's does (about 3 s). */
const TEARDOWN_WAIT_MS = 3300;

/**
 * POST /engine: `create` makes a job folder (its bean file crawler-beans.cxml, Heritrix's name) from a profile (Heritrix's profile names, such as
 * "Defaults (XML)", are the default profile here); `rescan` has nothing to do, the folder being
 * read at every request; `add` is refused: beancrawl serves one jobs folder.
 */
export async function engineAction(ctx: ServiceContext, marks: HeritrixMarks, form: EngineForm): Promise<void> {
  if (form.action === 'rescan') return;
  if (form.action === 'add') {
    throw new HttpProblem(422, 'Unprocessable Content', `action=add registers a job folder outside the jobs folder, which beancrawl does not do: ` +
      `it serves one jobs folder (${ctx.jobsDir}). Move or copy the job folder${form.addpath ? ` ${form.addpath}` : ''} into it; GET /engine lists it at once`);
  }
  if (!form.createpath) throw new HttpProblem(400, 'Bad Request', 'action=create needs createpath=NAME: the new job\'s folder name');
  await createJob(ctx.runner.folderOf(form.createpath), { profile: profileOf(form.profile), profileDirs: [profilesDir(ctx.jobsDir)], cxml: true });
  marks.forget(form.createpath);
}

/** Heritrix's built-in profile names ("Defaults (XML)", "Defaults (Groovy)") and none at all name the default profile. */
export function profileOf(name: string | undefined): string {
  return !name?.trim() || /^defaults?(\s*\(.*\))?$/i.test(name.trim()) ? 'default' : name.trim();
}

/**
 * POST /engine/job/{job}. build (validate, checkXML, instantiate) verifies the job as it is on
 * disk: the result is the job's `lastVerify`, and a line per problem goes to job.log (where
 * Heritrix writes its build's). launch verifies and starts the crawl (a job with errors: 422 with
 * them, nothing started; a finished job not torn down: 409, as Heritrix launches no finished
 * container again). pause, unpause, checkpoint and terminate drive the crawl; asked for a
 * state the crawl is already in (unpause of a running crawl, as Heritrix's launch-then-unpause
 * scripts do; pause of a paused one; terminate of one stopping or not running) they do nothing,
 * as Heritrix's do. teardown, as Heritrix's, stops a running crawl (waiting about 3 s for it),
 * and puts the job's last run away: it shows as Unbuilt.
 */
export async function jobAction(ctx: ServiceContext, marks: HeritrixMarks, job: string, form: JobForm): Promise<string | undefined> {
  const dir = await ctx.runner.jobDir(job);
  if (form.copyTo !== undefined) {
    const copied = await copyJobTo(ctx, job, form.copyTo.trim(), form.asProfile === 'on' || form.asProfile === 'true');
    return copied.job !== undefined ? `/engine/job/${encodeURIComponent(copied.job)}` : '/engine';
  }
  switch (form.action) {
    case undefined:
      throw new HttpProblem(400, 'Bad Request', `give action=${JOB_ACTIONS.join('|')}, or copyTo=NAME`);
    case 'delete':
      await deleteJob(ctx, job);
      return '/engine';
    case 'build': case 'validate': case 'checkXML': case 'instantiate': {
      const report = await ctx.runner.verify(job);
      marks.built(job, report.ok);
      await appendJobLog(dir, buildLines(form.action, report));
      return;
    }
    case 'launch': {
      const state = heritrixJobState(await ctx.runner.status(job, { verify: false }), marks, ctx.runner.isBusy(job));
      if (state.finished) {
        throw new HttpProblem(409, 'Conflict', `job "${job}" is ${state.statusDescription}: teardown first, then launch (as Heritrix, which does ` +
          `not launch a finished crawl's container again)`, { availableActions: state.availableActions });
      }
      try {
        await ctx.runner.launch(job, { checkpoint: form.checkpoint || undefined, reason: 'launched through Heritrix\'s REST call' });
      } catch (e) {
        if (e instanceof HttpProblem && e.status === 422) {
          marks.built(job, false);
          await appendJobLog(dir, [['SEVERE', 'Can\'t launch problem configuration: the job has errors (see build)']]);
        }
        throw e;
      }
      return;
    }
    case 'teardown':
      await teardown(ctx, marks, job, dir);
      return undefined;
    default: {
      const state = heritrixJobState(await ctx.runner.status(job, { verify: false }), marks, ctx.runner.isBusy(job)).crawlControllerState;
      const already = { unpause: ['RUNNING', 'PREPARING'], pause: ['PAUSED', 'PAUSING'], terminate: ['STOPPING', 'FINISHED', undefined], checkpoint: [] };
      if ((already[form.action] as ReadonlyArray<string | undefined>).includes(state)) return;
      await ctx.runner.control(job, form.action);
      return undefined;
    }
  }
}

async function teardown(ctx: ServiceContext, marks: HeritrixMarks, job: string, dir: string): Promise<void> {
  const status = await ctx.runner.status(job, { verify: false });
  if (status.availableActions.includes('terminate') && status.state !== 'STOPPING') {
    await ctx.runner.control(job, 'terminate').catch((e: unknown) => {
      // It ended (or began stopping) between the look and the command: what a teardown wanted.
      if (!(e instanceof HttpProblem && e.status === 409)) throw e;
    });
  }
  marks.tearDown(job, status.lastRun?.run);
  await appendJobLog(dir, [['INFO', 'Job instance discarded']]);
  const end = Date.now() + TEARDOWN_WAIT_MS;
  const ending = async () => (await jobStatus(dir)).running || ctx.runner.isBusy(job);
  while (Date.now() < end && (await ending())) await new Promise((r) => setTimeout(r, 100));
}

function buildLines(action: string, report: VerifyReport): Array<readonly [JobLogLevel, string]> {
  const head: readonly [JobLogLevel, string] = report.ok
    ? ['INFO', `${action}: the job is valid (${report.beans} beans)`]
    : ['SEVERE', `${action}: the job has errors; a launch is refused until they are fixed`];
  return [head, ...report.errors.map((e): readonly [JobLogLevel, string] => [e.severity === 'error' ? 'SEVERE' : 'WARNING', problemLine(e)])];
}

/** One problem as verify prints it: `file:line:column: severity CODE: message`. */
function problemLine(e: VerifyProblem): string {
  const at = [e.file, e.line, e.column].filter((p) => p !== undefined).join(':');
  return `${at ? `${at}: ` : ''}${e.severity} ${e.code}: ${e.bean ? `bean "${e.bean}" ` : ''}${e.property ? `property "${e.property}" ` : ''}${e.message}`;
}
