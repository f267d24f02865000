import { join } from 'node:path';
import { launchJob } from '../../job/launch-job.js';
import { formatDiagnostic } from '../../util/diagnostic.js';
import type { CrawlControl } from '../../model/crawl-control.js';
import { INTERRUPTED } from '../../engine/crawl-controller.js';
import { EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';
import { progressLine, reportProgress } from '../progress-reporter.js';

export interface LaunchFlags {
  readonly fresh?: boolean;
  readonly forgetHistory?: boolean;
  readonly checkpoint?: string;
  readonly dryRunDeletes?: boolean;
}

/**
 * `beancrawl launch JOB`: verify, run to the end with live progress, print a summary. Ctrl-C
 * or SIGTERM stops cleanly (URIs in flight finish, every bean stops, the state is committed) and
 * the next launch resumes; a second Ctrl-C exits at once, and the next launch resumes from the
 * last commit.
 */
export async function launchCommand(target: string, sets: readonly string[], io: Output, flags: LaunchFlags = {}): Promise<number> {
  let stopProgress = () => {};
  let controller: CrawlControl | undefined;
  let interrupts = 0;
  let stopAtStart = false;
  const onSigint = () => {
    if (++interrupts > 1) process.exit(130);
    io.err('stopping: finishing the URIs in flight; the next launch resumes (Ctrl-C again to quit at once)');
    // A Ctrl-C during start-up stops the crawl as soon as it runs.
    if (controller) controller.terminate(INTERRUPTED);
    else stopAtStart = true;
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigint);
  try {
    const result = await launchJob(target, {
      sets, ...flags,
      onNotice: (message) => io.err(message),
      onWarnings: (warnings) => warnings.forEach((w) => io.err(formatDiagnostic(w))),
      onRunning: (c, runDir) => {
        controller = c;
        if (stopAtStart) c.terminate(INTERRUPTED);
        io.err(`launched ${target}: run folder ${join(target, runDir)}`);
        stopProgress = reportProgress(c, io, Boolean(process.stderr.isTTY));
      },
    });
    stopProgress();
    io.out(`${result.exitStatus}: ${progressLine(result.controller.progress())}`);
    io.out(`crawl.log: ${join(target, result.runDir, 'logs', 'crawl.log')}`);
    return EXIT_OK;
  } finally {
    stopProgress();
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigint);
  }
}
