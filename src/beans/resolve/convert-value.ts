import type { SourceLocation } from '../../util/source-location.js';
import type { ValueNode } from '../definitions/bean-definition.js';

/** A schema fragment: just what conversion reads. */
interface Shape {
  readonly type?: string | readonly string[];
  readonly items?: Shape;
  readonly additionalProperties?: Shape | boolean;
}

export interface ConversionProblem {
  readonly loc: SourceLocation;
  readonly message: string;
}

const TRUE = new Set(['true', 'yes', 'on', '1']);
const FALSE = new Set(['false', 'no', 'off', '0']);

/**
 * Turns a written value into the JSON value its schema describes, converting text as Spring's
 * property editors do (numbers, `true/false/yes/no/on/off/1/0`, a comma-separated list for a
 * list property given as text). Text that does not convert is left as text, for the schema
 * check to report with the value it got. Records each value's location by JSON pointer.
 */
export function convertValue(node: ValueNode, shape: Shape | undefined, ptr: string, locs: Map<string, SourceLocation>, problems: ConversionProblem[]): unknown {
  locs.set(ptr, node.loc);
  switch (node.kind) {
    case 'text':
      if (node.quoted) return node.text;
      return convertText(node.text, shape, ptr, node.loc, locs);
    case 'literal':
      return node.value;
    case 'null':
      return null;
    case 'list':
      return node.items.map((item, i) => convertValue(item, shape?.items, `${ptr}/${i}`, locs, problems));
    case 'map': {
      const out: Record<string, unknown> = {};
      const valueShape = typeof shape?.additionalProperties === 'object' ? shape.additionalProperties : undefined;
      for (const e of node.entries) {
        locs.set(`${ptr}/${escapePointer(e.key)}`, e.value.loc);
        out[e.key] = convertValue(e.value, valueShape, `${ptr}/${escapePointer(e.key)}`, locs, problems);
      }
      return out;
    }
    default:
      problems.push({ loc: node.loc, message: `expected a value, got ${node.kind === 'bean' ? 'an inner bean' : `a <${node.kind}> to bean "${node.bean}"`}` });
      return undefined;
  }
}

function convertText(text: string, shape: Shape | undefined, ptr: string, loc: SourceLocation, locs: Map<string, SourceLocation>): unknown {
  const types = typesOf(shape);
  if (types.includes('string') || types.length === 0) return text;
  const t = text.trim();
  if (types.includes('integer') && /^[+-]?\d+$/.test(t)) return Number(t);
  if (types.includes('number') && t !== '' && Number.isFinite(Number(t))) return Number(t);
  if (types.includes('boolean')) {
    if (TRUE.has(t.toLowerCase())) return true;
    if (FALSE.has(t.toLowerCase())) return false;
  }
  if (types.includes('array')) {
    const parts = t === '' ? [] : t.split(',').map((p) => p.trim());
    return parts.map((p, i) => {
      locs.set(`${ptr}/${i}`, loc);
      return convertText(p, shape?.items, `${ptr}/${i}`, loc, locs);
    });
  }
  return text;
}

function typesOf(shape: Shape | undefined): readonly string[] {
  if (!shape?.type) return [];
  return typeof shape.type === 'string' ? [shape.type] : shape.type;
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
