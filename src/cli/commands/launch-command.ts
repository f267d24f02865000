import { isAbsolute, join, relative } from 'node:path';
import { formatDiagnostic } from '../../util/diagnostic.js';
import { INTERRUPTED, type CrawlControl } from '../../model/crawl-control.js';
import { defineCommand } from '../cli-command.js';
import { EXIT_NO_SEED_CRAWLED, exitCodesSentence } from '../../util/exit-codes.js';
import type { SeedRecord } from '../../model/crawl-statistics.js';
import type { Output } from '../output.js';
import { reportProgress, summaryLines } from '../progress-reporter.js';
import { SET_OPTION } from '../set-option.js';
import { UsageError } from '../usage-error.js';

interface LaunchFlags {
  readonly fresh: boolean;
  readonly forgetHistory: boolean;
  readonly checkpoint?: string;
  readonly dryRunDeletes: boolean;
  readonly paused: boolean;
  readonly workerId?: string;
}

/** `beancrawl launch JOB`: verify, then crawl to the end in this process. */
export const launchCommand = defineCommand({
  names: ['launch'],
  operands: { usage: 'JOB', min: 1, max: 1, needs: 'a job folder or bean file' },
  options: {
    fresh: { description: 'start a new run from the seeds, dropping an unfinished one' },
    'forget-history': { description: 'also drop the fetch history kept across runs' },
    checkpoint: { value: 'NAME|latest', description: 'start from this checkpoint (JOB/checkpoints/NAME)' },
    'dry-run-deletes': { description: 'list what a delta run would delete, deleting nothing' },
    paused: { description: 'start paused (unpause with beancrawl unpause JOB)' },
    'worker-id': { value: 'ID', description: 'this worker\'s name, for a job whose frontier is shared through Redis (default: host and process id)' },
    set: SET_OPTION,
  },
  summary: 'Verify a job, then crawl it to the end here, with live progress.',
  details: 'Refuses a job with errors. Writes JOB/runs/<timestamp>/ (JOB/latest points at it). A run '
    + 'that did not finish (killed, Ctrl-C) is resumed, unless --fresh or --checkpoint says where to '
    + 'start instead. Ctrl-C (or SIGTERM) stops cleanly, to be resumed; twice quits at once. '
    + exitCodesSentence(),
  async run({ operands: [job], options }, io) {
    if (options.checkpoint !== undefined && options.fresh) throw new UsageError('--checkpoint and --fresh cannot go together: a checkpoint is a run to resume');
    return launch(job, options.set, io, {
      fresh: options.fresh, forgetHistory: options['forget-history'], checkpoint: options.checkpoint, dryRunDeletes: options['dry-run-deletes'], paused: options.paused,
      workerId: options['worker-id'],
    });
  },
});

/** Seeds named in the summary, at most. */
const SEEDS_SHOWN = 10;

/**
 * The summary's lines on seeds: those diverted to another crawler (always), and when not one seed
 * was crawled, each with why (the last try's error and how many tries it had).
 */
function seedLines(seeds: readonly SeedRecord[], noneCrawled: boolean): string[] {
  const lines: string[] = [];
  const diverted = seeds.filter((s) => s.divertedTo !== undefined);
  for (const s of diverted.slice(0, SEEDS_SHOWN)) lines.push(`seed ${s.uri} diverted to crawler ${s.divertedTo!.crawler}: ${shown(s.divertedTo!.file)}`);
  if (diverted.length > SEEDS_SHOWN) lines.push(`… and ${diverted.length - SEEDS_SHOWN} more seeds diverted (seeds-report.txt)`);
  if (!noneCrawled) return lines;
  const failed = seeds.filter((s) => s.divertedTo === undefined);
  for (const s of failed.slice(0, SEEDS_SHOWN)) lines.push(`seed ${s.uri} not crawled: ${s.reason ?? (s.status === 0 ? 'never tried: out of scope, ' +
    'or the crawl ended first (alerts.log says which)' : `status ${s.status}`)}`);
  if (failed.length > SEEDS_SHOWN) lines.push(`… and ${failed.length - SEEDS_SHOWN} more seeds not crawled (seeds-report.txt)`);
  return lines;
}

/** A path as the operator would type it: relative to the working folder when it lies inside. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/**
 * Runs to the end with live progress and prints a summary. Ctrl-C or SIGTERM stops cleanly (URIs
 * in flight finish, every bean stops, the state is committed) and the next launch resumes; a
 * second Ctrl-C exits at once, and the next launch resumes from the last commit.
 */
async function launch(target: string, sets: readonly string[], io: Output, flags: LaunchFlags): Promise<number> {
  // The engine's modules are set up only when a crawl is launched, not on every start (verify, --help).
  const { launchJob } = await import('../../job/launch-job.js');
  let stopProgress = () => {};
  let controller: CrawlControl | undefined;
  let interrupts = 0;
  let stopAtStart = false;
  const starting = new AbortController();
  const onSigint = () => {
    if (++interrupts > 1) process.exit(130);
    io.err('stopping: finishing the URIs in flight; the next launch resumes (Ctrl-C again to quit at once)');
    // A Ctrl-C during start-up stops the crawl as soon as it runs, or gives up a wait for Redis.
    if (controller) controller.terminate(INTERRUPTED);
    else {
      stopAtStart = true;
      starting.abort();
    }
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigint);
  try {
    const result = await launchJob(target, {
      sets, ...flags, signal: starting.signal,
      onNotice: (message) => io.err(message),
      onWarnings: (warnings) => warnings.forEach((w) => io.err(formatDiagnostic(w))),
      onRunning: (c, runDir) => {
        controller = c;
        if (flags.paused) c.pause();
        if (stopAtStart) c.terminate(INTERRUPTED);
        io.err(`launched ${target}: run folder ${join(target, runDir)}`);
        stopProgress = reportProgress(c, io, Boolean(process.stderr.isTTY));
      },
    });
    stopProgress();
    const progress = result.controller.progress();
    for (const line of summaryLines(result.exitStatus, progress)) io.out(line);
    if (progress.delta) io.out(`delta: ${progress.delta.new} new, ${progress.delta.changed} changed, ${progress.delta.unchanged} unchanged, ` +
      `${progress.delta.deleted} deleted`);
    for (const { what, path } of result.outputs) io.out(`${what}: ${shown(path)}`);
    const code = result.exitCode;
    for (const line of seedLines(result.seedsNotCrawled, code === EXIT_NO_SEED_CRAWLED)) io.out(line);
    if (code === EXIT_NO_SEED_CRAWLED) io.err(`not one seed could be crawled (exit code ${code}); the run's alerts.log and seeds-report.txt say ` +
      `more: ${join(target, result.runDir)}`);
    return code;
  } finally {
    stopProgress();
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigint);
  }
}
