import { appendFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** The levels of Heritrix's job.log lines (java.util.logging's). */
export type JobLogLevel = 'SEVERE' | 'WARNING' | 'INFO';

/** A line of job.log as Heritrix writes it: `2020-04-01T03:50:44.708Z INFO FINISHED 20200401020744`. */
const HERITRIX_LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z (?:SEVERE|WARNING|INFO|CONFIG|FINE|FINER|FINEST) /;
/** The service's lines before they took Heritrix's form: `TIME service: message`. */
const SERVICE_LINE = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z) service: /;

/**
 * Appends lines to the job's job.log in Heritrix's form (`TIME LEVEL message`): the service's
 * word on the job (launches, state changes, builds and their errors). job.log also holds the
 * launched crawl's own output, which is not in that form. One line each, whatever the text holds.
 */
export async function appendJobLog(jobDir: string, entries: ReadonlyArray<readonly [JobLogLevel, string]>): Promise<void> {
  const at = new Date().toISOString();
  await appendFile(join(jobDir, 'job.log'), entries.map(([level, message]) => `${at} ${level} ${message.replace(/[\r\n]+/g, ' ')}\n`).join(''));
}

/** A crawl's state change as Heritrix logs it: `RUNNING 20200401020744` (the state, then the run's timestamp). */
export function stateMessage(state: string, run: string | undefined): string {
  return run === undefined ? state : `${state} ${basename(run)}`;
}

/** A job.log line as Heritrix's job log shows it, or undefined for one that is not a log entry (the crawl's progress output). */
export function heritrixLogLine(line: string): string | undefined {
  if (HERITRIX_LINE.test(line)) return line;
  const m = SERVICE_LINE.exec(line);
  return m ? `${m[1]} INFO ${line.slice(m[0].length)}` : undefined;
}
