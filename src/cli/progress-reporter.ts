import { describeRunEnd } from '../engine/reporting/describe-run-end.js';
import type { CrawlControl, CrawlProgress } from '../model/crawl-control.js';
import { formatDuration } from '../util/format-duration.js';
import { RecentRates } from '../job/recent-rates.js';
import type { Output } from './output.js';

/** One progress line: the crawl's state, then its counts. */
export function progressLine(p: CrawlProgress): string {
  return `${p.state.toLowerCase()}: ${progressCounts(p)}`;
}

/** Rate, queued, downloaded, failures, bytes, elapsed: what the progress line and the summary count. */
export function progressCounts(p: CrawlProgress): string {
  const secs = p.elapsedMs / 1000;
  const done = p.frontier.succeeded + p.frontier.failed + p.frontier.disregarded;
  const rate = secs > 0 ? done / secs : 0;
  return `${rate.toFixed(1)} URIs/s, ${p.frontier.queued} queued, ${p.frontier.succeeded} downloaded, ` +
    `${p.frontier.failed} failed, ${p.frontier.disregarded} disregarded, ${(p.bytes / 1048576).toFixed(1)} MiB, ${formatDuration(p.elapsedMs)}`;
}

/**
 * The summary `launch` prints as the crawl ends: its exit status and counts, then, for a run that
 * did not simply finish, how it ended and what the next launch does.
 */
export function summaryLines(exitStatus: string, p: CrawlProgress): string[] {
  const lines = [`${exitStatus}: ${progressCounts(p)}`];
  if (exitStatus !== 'FINISHED') lines.push(describeRunEnd(exitStatus));
  return lines;
}

/**
 * What the live line adds to the summary line: how long the URIs queued now would take at the
 * last minute's rate, and what holds the crawl back when every queue rests (politeness delays,
 * retry waits: which URI, why its last try failed, which try comes when) while workers are idle.
 */
export function progressHints(p: CrawlProgress, recentUrisPerSecond: number | undefined): string {
  const hints: string[] = [];
  const { queues } = p.frontier;
  const retrying = queues.retrying ?? 0;
  const idle = p.state === 'RUNNING' && p.frontier.inProcess === 0 && queues.ready === 0 && queues.snoozed > 0;
  // While every queue only waits to retry, the rate falls and the estimate grows: it says nothing.
  const onlyRetries = idle && retrying === queues.snoozed;
  if (p.state === 'RUNNING' && !onlyRetries && p.frontier.queued > 0 && recentUrisPerSecond !== undefined && recentUrisPerSecond > 0) {
    hints.push(`about ${formatDuration(Math.max(1000, (p.frontier.queued / recentUrisPerSecond) * 1000), 'minute')} for the URIs queued, at the ` +
      `last minute's rate`);
  }
  const next = retrying > 0 ? nextRetry(queues) : '';
  if (idle) {
    if (onlyRetries) hints.push(`waiting: ${retrying === 1 ? 'the one queue waits' : `all ${retrying} queues wait`} to retry a failed fetch${next}`);
    else hints.push(`waiting: ${queues.snoozed === 1 ? 'the one queue rests' : `all ${queues.snoozed} queues rest`} (politeness ` +
      `delay${retrying ? `; ${retrying} to retry a failed fetch${next}` : ''})`);
  } else if (retrying > 0) hints.push(`${retrying} ${retrying === 1 ? 'queue waits' : 'queues wait'} to retry a failed fetch${next}`);
  return hints.join('; ');
}

/** `; next: URI (why its last try failed), try 2 of 4 at 07:38:13`, or when only the time is known, `, the next at 07:38:13`. */
function nextRetry(queues: CrawlProgress['frontier']['queues']): string {
  const w = queues.retryWaits?.[0];
  if (w) return `; next: ${w.uri} (${w.error}), try ${w.nextTry} of ${w.maxTries} at ${clockTime(Date.parse(w.at))}`;
  return queues.nextRetryAt !== undefined ? `, the next at ${clockTime(queues.nextRetryAt)}` : '';
}

/** `HH:MM:SS`, local time. */
function clockTime(ms: number): string {
  return new Date(ms).toTimeString().slice(0, 8);
}

/** The line cut to the terminal's width (a longer line wraps, and `\r` then leaves a trail of stale lines). */
export function fitted(line: string, columns: number | undefined): string {
  if (!columns || line.length < columns) return line;
  return `${line.slice(0, Math.max(0, columns - 2))}…`;
}

/**
 * Live progress while a crawl runs: on a terminal one line rewritten twice a second; otherwise
 * a line every `intervalMs`. Alerts are printed as soon as they come: each new line of
 * alerts.log, and the crawl pausing by itself and going on. Returns a function that stops it
 * (once; it says the alerts that came since the last tick).
 */
export function reportProgress(controller: CrawlControl, io: Output, tty: boolean, intervalMs = 5000): () => void {
  let alert: string | undefined;
  let alertsSeen = 0;
  let ticks = 0;
  const every = tty ? 1 : Math.max(1, Math.round(intervalMs / 500));
  // New lines of alerts.log (a host that does not exist, a seed out of scope) are said as they come.
  const sayAlerts = (p: CrawlProgress) => {
    for (const a of p.recentAlerts ?? []) {
      if (a.seq <= alertsSeen) continue;
      if (tty) process.stderr.write('\r\x1b[2K');
      io.err(`${a.severity}: ${a.message}`);
      alertsSeen = a.seq;
    }
  };
  // The last minute's rate, for the estimate of the time left.
  const rates = new RecentRates(controller);
  const timer = setInterval(() => {
    const p = controller.progress();
    sayAlerts(p);
    // An alert (the crawl paused itself: the disk is full) is said at once, on a line of its own.
    if (p.alert !== alert) {
      if (tty) process.stderr.write('\r\x1b[2K');
      io.err(p.alert ? `ALERT: ${p.alert}` : 'the alert is over; the crawl goes on');
      alert = p.alert;
    }
    if (++ticks % every !== 0) return;
    const recent = rates.now();
    const hints = progressHints(p, recent.seconds >= 10 ? recent.urisPerSecond : undefined);
    const line = hints ? `${progressLine(p)}; ${hints}` : progressLine(p);
    if (tty) process.stderr.write(`\r\x1b[2K${fitted(line, process.stderr.columns)}`);
    else io.err(line);
  }, 500);
  timer.unref();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    rates.stop();
    if (tty) process.stderr.write('\r\x1b[2K');
    sayAlerts(controller.progress());
  };
}
