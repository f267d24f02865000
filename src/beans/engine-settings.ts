import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Engine-wide limits, from the package's config/engine.json over these defaults. */
export interface EngineSettings {
  /** A bean file larger than this is refused before it is parsed. */
  readonly maxBeanFileBytes: number;
  /** Elements (XML) or values (JSON) nested deeper than this are refused. */
  readonly maxNestingDepth: number;
  /** How long one bean's start() may take. */
  readonly startTimeoutMs: number;
  /** How long one bean's stop() may take before the next bean is stopped anyway. */
  readonly stopTimeoutMs: number;
}

export const DEFAULT_ENGINE_SETTINGS: EngineSettings = {
  maxBeanFileBytes: 8 * 1024 * 1024,
  maxNestingDepth: 100,
  startTimeoutMs: 30_000,
  stopTimeoutMs: 30_000,
};

/** Reads `<root>/config/engine.json`; every key must be a known limit and a positive integer. */
export async function loadEngineSettings(root: string): Promise<EngineSettings> {
  const path = join(root, 'config', 'engine.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return DEFAULT_ENGINE_SETTINGS;
    throw new Error(`${path}: ${(e as Error).message}`);
  }
  const out: Record<string, number> = { ...DEFAULT_ENGINE_SETTINGS };
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    if (k === '$comment') continue;
    if (!(k in DEFAULT_ENGINE_SETTINGS)) throw new Error(`${path}: unknown setting "${k}"; known: ${Object.keys(DEFAULT_ENGINE_SETTINGS).join(', ')}`);
    if (!Number.isInteger(v) || (v as number) <= 0) throw new Error(`${path}: "${k}" must be a positive integer`);
    out[k] = v as number;
  }
  return out as unknown as EngineSettings;
}
