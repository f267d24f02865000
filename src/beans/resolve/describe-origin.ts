import type { SourceLocation } from '../../util/source-location.js';
import type { ValueOrigin } from './resolved-bean.js';

/**
 * Where a resolved value came from, in words: `default`, `--set N` (the Nth --set), the file
 * location, or `override` and the override's location. `where` writes a location.
 */
export function describeOrigin(o: ValueOrigin | undefined, where: (loc: SourceLocation) => string): string {
  if (!o || o.source === 'default') return 'default';
  if (o.source === 'set') return `--set ${o.loc.line}`;
  return `${o.source === 'override' ? 'override ' : ''}${where(o.loc)}`;
}
