import { sendControl, type ControlCommand } from '../../job/control-socket.js';
import { locateBeanFile } from '../../job/locate-bean-file.js';
import { BeancrawlError } from '../../util/beancrawl-error.js';
import { defineCommand } from '../cli-command.js';
import { EXIT_ERROR, EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';

/** `beancrawl status|pause|unpause|checkpoint|terminate JOB`: talks to the crawl running in JOB through its control socket. */
export const controlCommand = defineCommand({
  names: ['status', 'pause', 'unpause', 'checkpoint', 'terminate'] satisfies ControlCommand[],
  operands: { usage: 'JOB', min: 1, max: 1, needs: 'a job' },
  options: {},
  summary: 'Talk to the crawl running in JOB from another shell.',
  details: 'Through JOB/.beancrawl.sock: status prints the state and counts; pause stops taking new '
    + 'URIs; unpause goes on; checkpoint writes a checkpoint (JOB/checkpoints/cpNNNNN-<time>); '
    + 'terminate ends the crawl (it is finished, not resumed).',
  run: ({ command, operands: [job] }, io) => control(command, job, io),
});

async function control(command: ControlCommand, target: string, io: Output): Promise<number> {
  const { jobDir } = await locateBeanFile(target);
  // A checkpoint copies the whole state: it may take a while on a large crawl.
  const reply = await sendControl(jobDir, command, command === 'checkpoint' ? 3_600_000 : 5000).catch(() => {
    throw new BeancrawlError([{ code: 'BC_JOB_NOT_RUNNING', location: { file: target }, message: 'no crawl of this job is running' }]);
  });
  if (!reply.ok) {
    io.err(`beancrawl: ${reply.error ?? 'the crawl refused the command'}`);
    return EXIT_ERROR;
  }
  const p = reply.progress as { state: string; frontier: Record<string, number> & { queues: Record<string, number> }; busyWorkers: number; bytes: number; documents: number; elapsedMs: number };
  const secs = p.elapsedMs / 1000;
  io.out([
    `state: ${p.state}${command === 'status' ? '' : ` (after ${command})`}`,
    `elapsed: ${secs.toFixed(0)} s; documents: ${p.documents} (${secs > 0 ? (p.documents / secs).toFixed(1) : '0'}/s); ${(p.bytes / 1048576).toFixed(1)} MiB`,
    ...(reply.recent && reply.recent.seconds >= 1
      ? [`rate over the last ${reply.recent.seconds.toFixed(0)} s: ${reply.recent.documentsPerSecond.toFixed(1)} documents/s, ${(reply.recent.bytesPerSecond / 1024).toFixed(1)} KiB/s`]
      : []),
    `URIs: ${p.frontier.discovered} discovered, ${p.frontier.queued} queued, ${p.frontier.inProcess} in process, ${p.frontier.succeeded} succeeded, ${p.frontier.failed} failed, ${p.frontier.disregarded} disregarded`,
    `queues: ${p.frontier.queues.total} (${p.frontier.queues.ready} ready, ${p.frontier.queues.snoozed} resting, ${p.frontier.queues.retired} retired); busy workers: ${p.busyWorkers}`,
  ].join('\n'));
  if ((reply.progress as { alert?: string }).alert) io.out(`alert: ${(reply.progress as { alert?: string }).alert}`);
  if (reply.checkpoint) io.out(`checkpoint: ${reply.checkpoint}`);
  return EXIT_OK;
}
