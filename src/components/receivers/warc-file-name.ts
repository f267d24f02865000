import { hostname } from 'node:os';
import { timestamp17 } from '../../util/timestamp17.js';
import { workerName } from '../../util/worker-name.js';

/** Heritrix's default WARC file name template. */
export const DEFAULT_WARC_TEMPLATE = '${prefix}-${timestamp17}-${serialno}-${heritrix.pid}~${heritrix.hostname}~${heritrix.port}';

/**
 * The tokens a template may use; `heritrix.port` is the web console's port, and beancrawl has no console yet: 0;
 * `worker` is the worker's id in a crawl shared through Redis (the process id otherwise).
 */
export const WARC_TEMPLATE_TOKENS = ['prefix', 'timestamp17', 'timestamp14', 'serialno', 'heritrix.pid', 'heritrix.hostname', 'heritrix.port', 'worker'] as const;

const TOKEN = /\$\{([^}]*)\}/g;

export interface WarcNameValues {
  readonly prefix: string;
  /** When the file is begun, in ms since the epoch (written in UTC). */
  readonly time: number;
  readonly serial: number;
}

/** A file name from the template (without the `.warc.gz` suffix): `WEB-20240102030405678-00000-4242~host~0`. */
export function warcFileName(template: string, values: WarcNameValues): string {
  const stamp = timestamp17(values.time);
  const known: Record<string, string> = {
    prefix: values.prefix,
    timestamp17: stamp,
    timestamp14: stamp.slice(0, 14),
    serialno: String(values.serial).padStart(5, '0'),
    'heritrix.pid': String(process.pid),
    'heritrix.hostname': hostname(),
    'heritrix.port': '0',
    worker: workerName(),
  };
  return template.replace(TOKEN, (whole, name: string) => known[name] ?? whole);
}

/** The `${…}` tokens of a template that are not known. */
export function unknownTemplateTokens(template: string): string[] {
  return [...template.matchAll(TOKEN)].map((m) => m[1]).filter((t) => !(WARC_TEMPLATE_TOKENS as readonly string[]).includes(t));
}
