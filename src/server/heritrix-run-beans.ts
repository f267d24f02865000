import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { builtInRegistry } from '../catalog/catalog.js';
import { defaultReports } from '../engine/reporting/default-reports.js';
import { RESOLVED_BEANS_FILE } from '../job/resolved-beans-record.js';

interface BeanRecord {
  readonly id?: string;
  readonly class: string;
  readonly values: Readonly<Record<string, { readonly value: unknown }>>;
  readonly refs?: Readonly<Record<string, unknown>>;
}

/** A path a run's beans were configured with: Heritrix's ConfigPath (`key` is `bean.property`). */
export interface ConfigPath {
  readonly key: string;
  readonly name: string;
  readonly path: string;
}

/** What Heritrix's job document tells of a built crawl's beans, read from the run's resolved-beans.json. */
export interface RunBeans {
  /** The pool's size (the controller's maxToeThreads). */
  readonly toeThreads?: number;
  /** The paths of the beans' path properties (logs, reports, state, checkpoints, WARCs…), each absolute. */
  readonly configPaths: readonly ConfigPath[];
  /** The classes of the statistics tracker's reports (CrawlSummaryReport, SeedsReport…). */
  readonly reports: readonly string[];
}

/** The beans a run ran with; none known when its record is missing or unreadable. */
export async function runBeans(jobDir: string, run: string): Promise<RunBeans> {
  // A view for Heritrix's clients: a run without a readable record of its beans shows none (an older version's run, one killed at its start).
  const text = await readFile(join(jobDir, run, RESOLVED_BEANS_FILE), 'utf8').catch(() => undefined);
  let beans: readonly BeanRecord[] = [];
  try {
    if (text !== undefined) beans = (JSON.parse(text) as { beans: BeanRecord[] }).beans ?? [];
  } catch {
    // A record that cannot be read tells nothing.
  }
  const registry = builtInRegistry();
  const configPaths: ConfigPath[] = [];
  for (const bean of beans) {
    const props = registry.lookup(bean.class)?.props ?? {};
    for (const [property, spec] of Object.entries(props)) {
      if (!spec.path) continue;
      const value = bean.values[property]?.value;
      const paths = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');
      for (const p of paths) configPaths.push({ key: `${bean.id ?? bean.class}.${property}`, name: nameOf(spec.description), path: isAbsolute(p) ? p : join(jobDir, p) });
    }
  }
  const toeThreads = beans.find((b) => b.class === 'CrawlController')?.values.maxToeThreads?.value;
  return {
    toeThreads: typeof toeThreads === 'number' ? toeThreads : undefined,
    configPaths,
    reports: reportClasses(beans),
  };
}

/** The classes of the tracker's reports (its `reports` references), Heritrix's default set when it names none. */
function reportClasses(beans: readonly BeanRecord[]): string[] {
  const tracker = beans.find((b) => b.class === 'StatisticsTracker');
  const ids = tracker?.refs?.reports;
  if (!Array.isArray(ids) || ids.length === 0) {
    // The bundle may suffix a class's name to keep it apart from another's.
    return tracker ? defaultReports().map((r) => r.constructor.name.replace(/\d+$/, '')) : [];
  }
  return ids.map((id) => beans.find((b) => b.id === id)).filter((b): b is BeanRecord => b !== undefined && b.values.shouldReportDuringCrawl?.value !== false).map((b) => b.class);
}

/** A property's description cut to its first phrase, as Heritrix's ConfigPath names are short ("logs subdirectory"). */
function nameOf(description: string): string {
  return description.split(/[.:;(]/)[0].trim();
}
