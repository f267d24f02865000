import { stat } from 'node:fs/promises';
import { controlSocketPath, sendControl, type ControlCommand } from '../../job/control-socket.js';
import { jobStatus, type JobStatus } from '../../job/job-status.js';
import { locateBeanFile } from '../../job/locate-bean-file.js';
import { BeancrawlError } from '../../util/beancrawl-error.js';
import { crawlExitCode, EXIT_ERROR, EXIT_OK } from '../../util/exit-codes.js';
import { formatDuration } from '../../util/format-duration.js';
import type { PauseReason } from '../../wire/job-status.js';
import { defineCommand } from '../cli-command.js';
import type { Output } from '../output.js';

/** `beancrawl status|pause|unpause|checkpoint|terminate JOB`: talks to the crawl running in JOB through its control socket. */
export const controlCommand = defineCommand({
  names: ['status', 'pause', 'unpause', 'checkpoint', 'terminate'] satisfies ControlCommand[],
  operands: { usage: 'JOB', min: 1, max: 1, needs: 'a job' },
  options: {
    json: { description: 'print the job as one JSON object (the shape the service\'s API gives)' },
  },
  summary: 'Talk to the crawl running in JOB from another shell.',
  details: 'A job whose frontier is shared through Redis (profile distributed) is driven through Redis, from any machine, for every worker. '
    + 'Otherwise through JOB/.beancrawl.sock: status prints the state, counts, rates and queues (of a job '
    + 'not running: how its last run ended); pause stops taking new URIs; unpause goes on; checkpoint '
    + 'writes a checkpoint (JOB/checkpoints/cpNNNNN-<time>); terminate ends the crawl (it is finished, '
    + 'not resumed).',
  run: ({ command, operands: [job], options }, io) => control(command, job, options.json, io),
});

async function control(command: ControlCommand, target: string, json: boolean, io: Output): Promise<number> {
  const { jobDir } = await locateBeanFile(target);
  // A crawl shared through Redis is driven there, from any machine; a crawl running here answers on
  // its socket, and only a job with none is verified to learn whether it is shared.
  const local = await stat(controlSocketPath(jobDir)).then(() => true, () => false);
  const { controlSharedCrawl, describeSharedCrawl } = await import('../../job/shared-crawl-control.js');
  const shared = local ? undefined : await controlSharedCrawl(target, command);
  if (shared) {
    io.out(json ? JSON.stringify(shared, null, 2) : describeSharedCrawl(shared, command));
    return EXIT_OK;
  }
  let checkpoint: string | undefined;
  let ending: string | undefined;
  if (command !== 'status') {
    // A checkpoint copies the whole state: it may take a while on a large crawl.
    const reply = await sendControl(jobDir, command, command === 'checkpoint' ? 3_600_000 : 5000).catch(() => {
      throw new BeancrawlError([{ code: 'BC_JOB_NOT_RUNNING', location: { file: target }, message: 'no crawl of this job is running' }]);
    });
    if (!reply.ok) {
      io.err(`beancrawl: ${reply.error ?? 'the crawl refused the command'}`);
      return EXIT_ERROR;
    }
    checkpoint = reply.checkpoint;
    // The exit status the crawl took on as it was told to end (ABORTED), which its run ends with.
    if (command === 'terminate') ending = typeof reply.progress?.exitStatus === 'string' ? reply.progress.exitStatus : 'ABORTED';
  }
  const status = await jobStatus(jobDir);
  if (json) io.out(JSON.stringify(checkpoint ? { ...status, checkpoint } : status, null, 2));
  else {
    io.out(describeStatus(status, command, ending));
    if (checkpoint) io.out(`checkpoint: ${checkpoint}`);
  }
  return EXIT_OK;
}

/**
 * The status as lines of text: the running crawl's, or how the last run ended. `ending`: the exit
 * status a crawl told to end takes on, said while it still stops.
 */
export function describeStatus(s: JobStatus, after: string = 'status', ending?: string): string {
  const c = s.counts;
  const lines = [`state: ${s.state}${after === 'status' ? '' : ` (after ${after})`}${s.running ? endingNote(ending) : lastRunNote(s)}`];
  if (c) {
    lines.push(`elapsed: ${formatDuration(c.elapsedMs)}; documents: ${c.documents} (${(s.rates?.averageDocumentsPerSecond ?? 0).toFixed(1)}/s); ` +
      `${(c.bytes / 1048576).toFixed(1)} MiB`);
    const recent = s.rates?.lastMinute;
    if (recent && recent.seconds >= 1) lines.push(`rate over the last ${recent.seconds.toFixed(0)} s: ${recent.documentsPerSecond.toFixed(1)} ` +
      `documents/s, ${(recent.bytesPerSecond / 1024).toFixed(1)} KiB/s`);
    lines.push(`URIs: ${c.discovered} discovered, ${c.queued} queued, ${s.queues?.inProcess ?? 0} in process, ${c.downloaded} succeeded, ` +
      `${c.failed} failed, ${c.disregarded} disregarded`);
  }
  const q = s.queues;
  if (q) {
    const retrying = q.retrying ? `, ${q.retrying} of them to retry a failed fetch${q.nextRetryAt ? ` (the next at ` +
      `${new Date(q.nextRetryAt).toTimeString().slice(0, 8)})` : ''}` : '';
    lines.push(`queues: ${q.total} (${q.ready} ready, ${q.snoozed} resting${retrying}, ${q.retired} retired)${s.busyWorkers !== undefined ? `; ` +
      `busy workers: ${s.busyWorkers}` : ''}`);
  }
  // Which hosts wait to retry, why (the last try's error) and which try comes when.
  for (const w of s.retryWaits ?? []) {
    lines.push(`retry: ${w.uri} (${w.error}); try ${w.nextTry} of ${w.maxTries} at ${new Date(w.at).toTimeString().slice(0, 8)}`);
  }
  if (s.pausedFor?.length) lines.push(`paused for: ${s.pausedFor.map((r) => PAUSE_REASON_WORDS[r] ?? r).join('; ')}`);
  if (s.alert) lines.push(`alert: ${s.alert}`);
  if (!s.running) lines.push(s.lastRun ? `runs: ${s.runs.length}; start the next with: beancrawl launch ${s.path}` : `never launched; start it ` +
    `with: beancrawl launch ${s.path}`);
  return lines.join('\n');
}

/** Each reason a crawl is paused for, in words, with what lifts it. */
const PAUSE_REASON_WORDS: Readonly<Record<PauseReason, string>> = {
  operator: 'the operator (unpause goes on)',
  'shared-crawl': 'the operator of the shared crawl (unpause goes on)',
  alert: 'the alert below (unpause goes on)',
  'state-store': 'the state store cannot write (goes on by itself once it can)',
  'shared-unreachable': 'the shared crawl cannot be reached (goes on by itself once it can)',
};

function endingNote(ending: string | undefined): string {
  if (ending === undefined) return '';
  const then = ending === 'INTERRUPTED' ? 'the next launch resumes it' : 'the next launch starts a new run';
  return ` (the run ends ${ending}, exit code ${crawlExitCode(ending, 1)}, once the URIs in flight finish; ${then})`;
}

function lastRunNote(s: JobStatus): string {
  const r = s.lastRun;
  if (!r) return ' (never launched)';
  if (s.state === 'UNFINISHED') return ` (not running; its last run ${r.run} ${r.exitStatus === 'INTERRUPTED' ? 'was interrupted' : 'did not ' +
    'end'}: the next launch resumes it)`;
  return ` (not running; last run ${r.run} ended ${r.endedAt} with ${r.exitStatus}, exit code ${r.exitCode})`;
}
