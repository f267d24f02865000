import { getLocation, type Node, type Segment } from 'jsonc-parser';
import type { BeanIndex } from './bean-index.js';
import type { BeanOutline } from './bean-outline.js';
import type { CursorContext, Range, ValueSlot } from './cursor-context.js';
import { isBeanObject, type JsonOutline } from './outline-json.js';

const FILE_KEYS = ['$schema', 'imports', 'beans', 'description'];
const BEAN_KEYS = ['class', 'parent', 'abstract', 'autowire', 'autowireCandidate', 'properties', 'description'];
const REF_KEYS = ['ref', 'class', 'parent', 'properties'];
const AUTOWIRE = ['default', 'no', 'byName', 'byType', 'constructor'];

/** Where the walk along the cursor's JSON path has got to. */
type State =
  | { readonly at: 'root' | 'beans' | 'imports' | 'other' }
  | { readonly at: 'bean'; readonly bean: BeanOutline; readonly slot?: ValueSlot }
  | { readonly at: 'properties'; readonly bean: BeanOutline }
  | { readonly at: 'slot'; readonly slot: ValueSlot }
  | { readonly at: 'paths'; readonly sheet: boolean };

/** Where the cursor is in a JSON bean file, or undefined where nothing can be completed. */
export function jsonCursor(text: string, outline: JsonOutline, index: BeanIndex, offset: number): CursorContext | undefined {
  const loc = getLocation(text, offset);
  const token = tokenAt(text, loc.previousNode, offset);
  if (!token) return undefined;
  const base = { range: token.range, offset, json: { string: token.string } };
  const path = loc.path;
  const last = path[path.length - 1];
  let state: State = { at: 'root' };
  let node = outline.root;
  for (const seg of path.slice(0, -1)) {
    const child = node && childOf(node, seg);
    state = step(state, seg, node, child);
    node = child;
  }
  if (loc.isAtPropertyKey) return atKey(state, node);
  if (last === undefined) return undefined;
  return atValue(state, last, node);

  function atKey(s: State, obj: Node | undefined): CursorContext | undefined {
    const present = obj ? presentKeys(obj, offset) : [];
    const names = (list: readonly string[]) => list.filter((k) => !present.includes(k));
    const bare = token!.string !== undefined && text.slice(token!.string.to).trimStart().startsWith(':');
    if (s.at === 'slot' && obj && !isBeanObject(obj)) {
      const spec = refSpecOf(s.slot);
      return spec && !(spec.map && !s.slot.item) ? { kind: 'attribute', names: names(REF_KEYS), bare, ...base } : undefined;
    }
    const b = s.at === 'slot' ? asBean(s, obj) : s;
    switch (b.at) {
      case 'root':
        return { kind: 'attribute', names: names(FILE_KEYS), bare, ...base };
      case 'bean':
        return { kind: 'attribute', names: names(BEAN_KEYS), bare, ...base };
      case 'properties':
        return { kind: 'property', bean: b.bean, present, ...base };
      case 'paths':
        return { kind: 'path', sheet: b.sheet, ...base };
      default:
        return undefined;
    }
  }

  function atValue(s: State, seg: Segment, holderNode: Node | undefined): CursorContext | undefined {
    if (s.at === 'slot') {
      if (typeof seg === 'number') return { kind: 'value', slot: { ...s.slot, item: true }, ...base };
      if (seg === 'ref' || seg === 'idref') return { kind: 'ref', slot: s.slot, idref: seg === 'idref', ...base };
      if (BEAN_KEYS.includes(seg) || (holderNode && isBeanObject(holderNode))) return atValue(asBean(s, holderNode), seg, holderNode);
      return { kind: 'value', slot: { ...s.slot, item: true }, ...base };
    }
    switch (s.at) {
      case 'imports':
        return typeof seg === 'number' ? { kind: 'import', ...base } : undefined;
      case 'bean':
        if (seg === 'class') return { kind: 'class', slot: s.slot, ...base };
        if (seg === 'parent') return { kind: 'parent', bean: s.bean, ...base };
        if (seg === 'autowire') return { kind: 'choice', values: AUTOWIRE, ...base };
        if (seg === 'abstract' || seg === 'autowireCandidate') return { kind: 'choice', values: ['true', 'false'], literal: true, ...base };
        return undefined;
      case 'properties': {
        const slot: ValueSlot = { bean: s.bean, property: String(seg), item: false };
        return pathsOf(slot) ? undefined : { kind: 'value', slot, ...base };
      }
      case 'paths':
        return { kind: 'pathValue', sheet: s.sheet, key: String(seg), ...base };
      default:
        return undefined;
    }
  }

  function step(s: State, seg: Segment, parent: Node | undefined, child: Node | undefined): State {
    switch (s.at) {
      case 'root':
        return seg === 'beans' ? { at: 'beans' } : seg === 'imports' ? { at: 'imports' } : { at: 'other' };
      case 'beans':
        return { at: 'bean', bean: (child && outline.beanOf.get(child)) ?? { id: String(seg), inner: false, properties: [] } };
      case 'bean':
        return seg === 'properties' ? { at: 'properties', bean: s.bean } : { at: 'other' };
      case 'properties': {
        const slot: ValueSlot = { bean: s.bean, property: String(seg), item: false };
        const paths = pathsOf(slot);
        return paths ? { at: 'paths', sheet: paths === 'sheet' } : { at: 'slot', slot };
      }
      case 'slot':
        if (typeof seg === 'number') return { at: 'slot', slot: { ...s.slot, item: true } };
        if (seg === 'ref' || seg === 'idref') return { at: 'other' };
        if (BEAN_KEYS.includes(seg) || (parent && isBeanObject(parent))) return step(asBean(s, parent), seg, parent, child);
        return { at: 'slot', slot: { ...s.slot, item: true } };
      default: // 'paths' too: inside a paths value there is nothing to step into
        return { at: 'other' };
    }
  }

  function asBean(s: Extract<State, { at: 'slot' }>, obj: Node | undefined): State {
    return { at: 'bean', bean: (obj && outline.beanOf.get(obj)) ?? { inner: true, properties: [] }, slot: s.slot };
  }

  function refSpecOf(slot: ValueSlot) {
    const d = index.descriptorOf(slot.bean);
    return d && slot.property !== undefined ? index.propertyOf(d, slot.property)?.ref : undefined;
  }

  function pathsOf(slot: ValueSlot): 'override' | 'sheet' | undefined {
    if (slot.property === 'properties' && index.isOverrideConfigurer(slot.bean)) return 'override';
    if (slot.property === 'map' && index.isSheet(slot.bean)) return 'sheet';
    return undefined;
  }
}

/**
 * The token the cursor is in: the content of a string (its `string` the whole string, quotes
 * included), a literal, or the empty place between tokens; undefined when the cursor follows a
 * finished value (nothing can be completed there).
 */
function tokenAt(text: string, node: Node | undefined, offset: number): { range: Range; string?: Range } | undefined {
  if (node && (node.type === 'string' || node.type === 'property')) {
    const end = node.offset + node.length;
    const closed = node.length >= 2 && text[end - 1] === '"';
    const contentTo = closed ? end - 1 : end;
    if (offset > node.offset && offset <= contentTo) return { range: { from: node.offset + 1, to: contentTo }, string: { from: node.offset, to: end } };
    if (offset >= end) return undefined;
  }
  let from = offset;
  while (from > 0 && /[\w.$-]/.test(text[from - 1])) from--;
  let to = offset;
  while (to < text.length && /[\w.$-]/.test(text[to])) to++;
  if (node && node.type !== 'string' && node.type !== 'property' && node.offset + node.length <= from) return undefined;
  return { range: { from, to } };
}

function childOf(node: Node, seg: Segment): Node | undefined {
  if (node.type === 'array' && typeof seg === 'number') return node.children?.[seg];
  if (node.type !== 'object') return undefined;
  return node.children?.find((p) => p.children?.[0]?.value === seg)?.children?.[1];
}

/** The keys of an object but the one the cursor is on. */
function presentKeys(obj: Node, offset: number): string[] {
  return (obj.children ?? [])
    .map((p) => p.children?.[0])
    .filter((k): k is Node => k !== undefined && !(k.offset <= offset && offset <= k.offset + k.length))
    .map((k) => String(k.value));
}
