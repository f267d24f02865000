import type { ProgressSample } from './api-types.js';

/** One live statistics tick of a run: when, and the run's totals then. */
export interface Tick {
  /** Milliseconds since the epoch. */
  readonly at: number;
  readonly run: string | undefined;
  readonly documents: number;
  readonly bytes: number;
}

/** A chart's columns: x in seconds since the epoch, documents/s, KiB/s. */
export type RateColumns = [number[], number[], number[]];

/**
 * Documents/s and KiB/s over a run: the run's history (progress-statistics.log: each line's
 * current rates) up to the first live tick, then the rate between each tick and the one before,
 * as the log's lines reckon theirs.
 */
export function rateSeries(history: readonly ProgressSample[], ticks: readonly Tick[]): RateColumns {
  const columns: RateColumns = [[], [], []];
  const firstTick = ticks.length > 1 ? ticks[0].at : Infinity;
  for (const s of history) {
    const at = Date.parse(s.at);
    if (Number.isNaN(at) || at >= firstTick) continue;
    push(columns, at, s.documentsPerSecond, s.kibPerSecond);
  }
  for (let i = 1; i < ticks.length; i++) {
    const seconds = (ticks[i].at - ticks[i - 1].at) / 1000;
    if (seconds <= 0) continue;
    push(columns, ticks[i].at, Math.max(0, ticks[i].documents - ticks[i - 1].documents) / seconds, Math.max(0, ticks[i].bytes - ticks[i - 1].bytes) / 1024 / seconds);
  }
  return columns;
}

function push(columns: RateColumns, atMs: number, docs: number, kib: number): void {
  const x = atMs / 1000;
  // uPlot wants x ascending: a sample out of order (clock, replay) is left out.
  if (columns[0].length && x <= columns[0][columns[0].length - 1]) return;
  columns[0].push(x);
  columns[1].push(docs);
  columns[2].push(kib);
}
