import { relative } from 'node:path';
import { describeOrigin } from '../beans/resolve/describe-origin.js';
import type { ResolvedGraph } from '../beans/resolve/resolved-bean.js';

/**
 * A bean's property as the last verify resolved it, in markdown: its value after overrides and
 * `--set`, and where that comes from (`default`, `file:line:column`, `override file:line:column`,
 * `autowired`), as `beancrawl beans` prints it. Undefined for a bean or property it did not resolve.
 */
export function effectiveValue(resolved: ResolvedGraph, beanId: string, property: string): string | undefined {
  const bean = resolved.byId.get(beanId);
  if (!bean) return undefined;
  const where = (loc: { file: string; line: number; column: number }) => `${loc.file.startsWith('/') ? relative(process.cwd(), loc.file) || loc.file : loc.file}:${loc.line}:${loc.column}`;
  const ref = bean.refs.find((r) => r.property === property);
  if (ref) {
    const value = ref.shape === 'one' ? (ref.ids[0] ?? 'none') : `[${ref.ids.join(', ')}]`;
    return `Effective: → \`${value}\` *(${ref.autowired ? 'autowired' : describeOrigin(bean.origins.get(property), where)})*`;
  }
  if (!(property in bean.config)) return undefined;
  const json = JSON.stringify(bean.config[property]) ?? 'undefined';
  const shown = json.length > 200 ? `${json.slice(0, 200)}…` : json;
  return `Effective: \`${shown.replace(/`/g, "'")}\` *(${describeOrigin(bean.origins.get(property), where)})*`;
}
