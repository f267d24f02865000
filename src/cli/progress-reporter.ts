import type { CrawlControl, CrawlProgress } from '../model/crawl-control.js';
import type { Output } from './output.js';

/** One progress line: rate, queued, downloaded, failures, elapsed. */
export function progressLine(p: CrawlProgress): string {
  const secs = p.elapsedMs / 1000;
  const done = p.frontier.succeeded + p.frontier.failed + p.frontier.disregarded;
  const rate = secs > 0 ? done / secs : 0;
  return `${p.state.toLowerCase()}: ${rate.toFixed(1)} URIs/s, ${p.frontier.queued} queued, ${p.frontier.succeeded} downloaded, ` +
    `${p.frontier.failed} failed, ${p.frontier.disregarded} disregarded, ${(p.bytes / 1048576).toFixed(1)} MiB, ${secs.toFixed(0)} s`;
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
    const line = progressLine(p);
    if (tty) process.stderr.write(`\r\x1b[2K${line}`);
    else io.err(line);
  }, 500);
  timer.unref();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    if (tty) process.stderr.write('\r\x1b[2K');
    sayAlerts(controller.progress());
  };
}
