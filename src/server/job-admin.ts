import { copyFile, mkdir, rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { copyJob } from '../job/copy-job.js';
import { locateBeanFile } from '../job/locate-bean-file.js';
import { HttpProblem } from './http-problem.js';
import { profilesDir } from './job-summaries.js';
import type { ServiceContext } from './service-context.js';

/** Deletes a job folder with its runs, state and checkpoints; 409 while its crawl runs or waits. */
export async function deleteJob(ctx: ServiceContext, job: string): Promise<void> {
  const dir = await ctx.runner.jobDir(job);
  const status = await ctx.runner.status(job, { verify: false });
  if (status.running || ctx.runner.isBusy(job)) throw new HttpProblem(409, 'Conflict', `job "${job}" is ${status.state}; terminate it ` +
    `first`, { availableActions: status.availableActions });
  await rm(dir, { recursive: true, force: true });
  ctx.runner.forget(job);
  ctx.events.forget(job);
}

/**
 * Heritrix's "copy job": the job's configuration in a new job named `name` (none of its runs or
 * state), or, `asProfile`, its bean file as a profile to create jobs from (JOBS/.beancrawl/profiles).
 */
export async function copyJobTo(ctx: ServiceContext, job: string, name: string, asProfile: boolean): Promise<{ job?: string; profile?: string; file?: string }> {
  const from = await locateBeanFile(await ctx.runner.jobDir(job));
  if (asProfile) {
    ctx.runner.folderOf(name);
    const dir = profilesDir(ctx.jobsDir);
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${name}${extname(from.file) === '.json' ? '.json' : '.xml'}`);
    await copyFile(from.file, file);
    return { profile: name, file: basename(file) };
  }
  await copyJob(from.jobDir, ctx.runner.folderOf(name));
  return { job: name };
}
