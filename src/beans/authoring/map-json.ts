import type { Node } from 'jsonc-parser';
import type { BeanFileMap, BeanMention, BeanSymbol, MentionKind, NameAt } from './bean-file-map.js';
import type { BeanIndex } from './bean-index.js';
import type { BeanOutline } from './bean-outline.js';
import type { Range } from './cursor-context.js';
import { isBeanObject, member, outlineJson } from './outline-json.js';

/** The navigation map of a JSON bean file (see beanFileMap), from the tolerant outline. */
export function mapJson(text: string, indexOf: (beans: readonly BeanOutline[]) => BeanIndex): BeanFileMap {
  const outline = outlineJson(text);
  const index = indexOf(outline.beans);
  const mentions: BeanMention[] = [];
  const propertyNames = new Map<BeanOutline, NameAt[]>();
  const beanRanges = new Map<BeanOutline, Range>();
  const imports: NameAt[] = [];
  const symbols: BeanSymbol[] = [];
  const root = outline.root;
  const imported = root && member(root, 'imports');
  for (const item of imported?.type === 'array' ? (imported.children ?? []) : []) {
    if (item.type === 'string') imports.push({ name: String(item.value), ...inside(item) });
  }
  const beans = root && member(root, 'beans');
  for (const p of beans?.type === 'object' ? (beans.children ?? []) : []) {
    const [k, v] = [p.children?.[0], p.children?.[1]];
    if (!k || v?.type !== 'object') continue;
    mentions.push({ id: String(k.value), kind: 'declaration', ...inside(k) });
    bean(v, symbols, k);
  }
  mentions.sort((a, b) => a.from - b.from);
  return { mentions, symbols, propertyNames, beanRanges, imports, index };

  function bean(node: Node, into: BeanSymbol[], key?: Node): void {
    const b = outline.beanOf.get(node);
    const symbol: BeanSymbol = {
      id: b?.inner ? undefined : b?.id, className: b?.className, from: key?.offset ?? node.offset, to: node.offset + node.length,
      selection: key ? inside(key) : { from: node.offset, to: node.offset + 1 }, children: [],
    };
    into.push(symbol);
    if (b) beanRanges.set(b, { from: symbol.from, to: symbol.to });
    const parent = member(node, 'parent');
    if (parent?.type === 'string') mentions.push({ id: String(parent.value), kind: 'parent', ...inside(parent) });
    const props = member(node, 'properties');
    for (const p of props?.type === 'object' ? (props.children ?? []) : []) {
      const [k, v] = [p.children?.[0], p.children?.[1]];
      if (!k) continue;
      const name = String(k.value);
      if (b) {
        const list = propertyNames.get(b) ?? [];
        list.push({ name, ...inside(k) });
        propertyNames.set(b, list);
      }
      const paths = b && name === 'properties' && index.isOverrideConfigurer(b) ? 'override' : b && name === 'map' && index.isSheet(b) ? 'sheet' : undefined;
      if (paths && v?.type === 'object') keys(v, paths === 'sheet');
      else if (v) value(v, symbol.children as BeanSymbol[]);
    }
  }

  function value(node: Node, into: BeanSymbol[]): void {
    if (node.type === 'array') for (const c of node.children ?? []) value(c, into);
    if (node.type !== 'object') return;
    const only = node.children?.length === 1 ? node.children[0] : undefined;
    const k = only?.children?.[0]?.value;
    const target = only?.children?.[1];
    if ((k === 'ref' || k === 'idref') && target?.type === 'string') {
      mentions.push({ id: String(target.value), kind: k as MentionKind, ...inside(target) });
      return;
    }
    if (isBeanObject(node)) {
      bean(node, into);
      return;
    }
    for (const p of node.children ?? []) if (p.children?.[1]) value(p.children[1], into);
  }

  function keys(obj: Node, sheet: boolean): void {
    for (const p of obj.children ?? []) {
      const k = p.children?.[0];
      if (k?.type !== 'string') continue;
      const written = String(k.value);
      const id = /^[^.[]*/.exec(written)![0];
      const at = inside(k);
      if (id && text.slice(at.from, at.to) === written) mentions.push({ id, kind: 'overrideKey', from: at.from, to: at.from + id.length, key: { text: written, ...at, sheet } });
    }
  }

  /** A string node's content, without its quotes. */
  function inside(node: Node): Range {
    const end = node.offset + node.length;
    return { from: node.offset + 1, to: text[end - 1] === '"' && node.length >= 2 ? end - 1 : end };
  }
}
