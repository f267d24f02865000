import { readLogPage } from './log-page.js';

import type { ProgressSample } from '../wire/progress.js';

export type { ProgressSample };

/** Samples read at most, the newest kept: a long crawl's history for a chart, not all of it. */
const MAX_SAMPLES = 1000;

/**
 * A run's progress over time, from its progress-statistics.log (Heritrix's columns, a line every
 * `intervalSeconds`): what charts start from before live ticks take over. `since` keeps samples
 * after that time.
 */
export async function progressHistory(file: string, since?: Date): Promise<ProgressSample[]> {
  const page = await readLogPage(file, { tail: MAX_SAMPLES });
  const samples: ProgressSample[] = [];
  for (const line of page.lines) {
    const f = line.trim().split(/\s+/);
    if (f.length < 8 || !/^\d{4}-\d\d-\d\dT/.test(f[0])) continue;
    if (since && new Date(f[0]) <= since) continue;
    samples.push({
      at: f[0], discovered: Number(f[1]), queued: Number(f[2]), downloaded: Number(f[3]),
      documentsPerSecond: parseFloat(f[4]), kibPerSecond: parseFloat(f[5]), failures: Number(f[6]), busyThreads: Number(f[7]),
    });
  }
  return samples;
}
