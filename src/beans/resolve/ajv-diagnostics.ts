import type { ErrorObject } from 'ajv';
import type { Diagnostic } from '../../util/diagnostic.js';
import { hintFor } from '../../util/did-you-mean.js';
import type { SourceLocation } from '../../util/source-location.js';

const TYPE_KEYWORDS = new Set(['type']);

/** Turns ajv's errors for one bean into located diagnostics, each at the value it is about. */
export function ajvDiagnostics(errors: readonly ErrorObject[], bean: string, beanLoc: SourceLocation, locs: ReadonlyMap<string, SourceLocation>, config: Record<string, unknown>): Diagnostic[] {
  return errors
    .filter((e) => e.keyword !== 'additionalProperties')
    .map((e) => {
      const property = e.instancePath.split('/')[1];
      if (e.keyword === 'required') {
        const missing = (e.params as { missingProperty: string }).missingProperty;
        return { code: 'BC_PROP_REQUIRED' as const, bean, property: missing, location: beanLoc, message: 'is required but not set' };
      }
      const got = valueAt(config, e.instancePath);
      const where = e.instancePath.split('/').length > 2 ? ` (at ${e.instancePath.split('/').slice(2).join('/')})` : '';
      const location = locs.get(e.instancePath) ?? locs.get(`/${property}`) ?? beanLoc;
      if (TYPE_KEYWORDS.has(e.keyword)) {
        return { code: 'BC_PROP_TYPE' as const, bean, property, location, message: `expected ` +
          `${describeType((e.params as { type: string | string[] }).type)}${where}, got ${describeValue(got)}` };
      }
      if (e.keyword === 'enum') {
        const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map(String);
        return {
          code: 'BC_PROP_RANGE' as const, bean, property, location,
          message: `must be one of ${allowed.map((a) => `"${a}"`).join(', ')}${where}, got ${describeValue(got)}`,
          hints: typeof got === 'string' ? hintFor(got, allowed) : [],
        };
      }
      return { code: 'BC_PROP_RANGE' as const, bean, property, location, message: `${e.message ?? 'is not allowed'}${where}, got ${describeValue(got)}` };
    });
}

function describeType(t: string | string[]): string {
  const list = Array.isArray(t) ? t : t.split(',');
  const word = (x: string) => (x === 'array' ? 'a list' : x === 'object' ? 'a map' : x === 'integer' ? 'an integer' : `a ${x}`);
  return list.map(word).join(' or ');
}

function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (v !== null && typeof v === 'object') return 'a map';
  return JSON.stringify(v);
}

function valueAt(root: unknown, pointer: string): unknown {
  let cur = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined;
  }
  return cur;
}
