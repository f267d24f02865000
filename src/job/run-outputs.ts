import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { RESOLVED_BEANS_FILE } from './resolved-beans-record.js';

/** Where one run left its logs, reports and progress-statistics.log: as its beans were configured. */
export interface RunOutputs {
  readonly logsDir: string;
  readonly reportsDir: string;
  readonly progressLog: string;
  /** The checkpoints folder of the job (CheckpointService's, or JOB/checkpoints). */
  readonly checkpointsDir: string;
  /** The JSON Lines files of its JsonlReceivers, each with the key its lines give the URL under (none when not mapped). */
  readonly documentLists: ReadonlyArray<{ readonly path: string; readonly urlKey?: string }>;
}

interface BeanRecord {
  readonly class: string;
  readonly values: Readonly<Record<string, { readonly value: unknown }>>;
}

/**
 * Reads the run's resolved-beans.json (the values the crawl ran with) for the folders its
 * CrawlerLoggerModule, StatisticsTracker and CheckpointService wrote to; the defaults (in the
 * run folder) where the record has no such bean.
 */
export async function runOutputs(jobDir: string, run: string): Promise<RunOutputs> {
  const runDir = join(jobDir, run);
  // A run without the record (an older version's) wrote where the defaults say; one that cannot be read fails here, not taken for none.
  const text = await readFile(join(runDir, RESOLVED_BEANS_FILE), 'utf8').catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? undefined : Promise.reject(e)));
  let beans: readonly BeanRecord[] = [];
  try {
    if (text !== undefined) beans = (JSON.parse(text) as { beans: BeanRecord[] }).beans;
  } catch {
    // A record that cannot be read: the defaults.
  }
  const value = (className: string, property: string): string | undefined => {
    const v = beans.find((b) => b.class === className)?.values[property]?.value;
    return typeof v === 'string' ? (isAbsolute(v) ? v : join(jobDir, v)) : undefined;
  };
  return {
    logsDir: value('CrawlerLoggerModule', 'path') ?? join(runDir, 'logs'),
    reportsDir: value('StatisticsTracker', 'reportsDir') ?? join(runDir, 'reports'),
    progressLog: value('StatisticsTracker', 'progressLogPath') ?? join(runDir, 'logs', 'progress-statistics.log'),
    checkpointsDir: value('CheckpointService', 'checkpointsDir') ?? join(jobDir, 'checkpoints'),
    documentLists: beans.filter((b) => b.class === 'JsonlReceiver' && typeof b.values.path?.value === 'string').map((b) => {
      const path = b.values.path.value as string;
      const mapping = b.values.mapping?.value as Record<string, string> | undefined;
      return { path: isAbsolute(path) ? path : join(jobDir, path), urlKey: mapping?.httpUrl };
    }),
  };
}
