import { parseTree, type Node } from 'jsonc-parser';
import type { BeanOutline, OutlineProperty, OutlineValue } from './bean-outline.js';

/** The beans of a JSON bean file read tolerantly, and the bean each bean object declares. */
export interface JsonOutline {
  readonly root?: Node;
  readonly beans: readonly BeanOutline[];
  readonly beanOf: ReadonlyMap<Node, BeanOutline>;
}

/**
 * Reads a JSON bean file as far as it goes (jsonc-parser recovers from what is missing):
 * `{"beans": {"id": {"class", "parent", "abstract", "properties": {…}}}}`, a `{"ref": "id"}`
 * a reference, an object with `class` or `parent` an inner bean, any other object a map.
 */
export function outlineJson(text: string): JsonOutline {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const beanOf = new Map<Node, BeanOutline>();
  const beans: BeanOutline[] = [];
  const beansNode = root && member(root, 'beans');
  if (beansNode?.type === 'object') {
    for (const [key, value] of members(beansNode)) if (value?.type === 'object') beans.push(bean(value, key, false));
  }
  return { root, beans, beanOf };

  function bean(node: Node, id: string | undefined, inner: boolean): BeanOutline {
    const properties: OutlineProperty[] = [];
    const out: BeanOutline = {
      id, inner, className: stringOf(member(node, 'class')), parent: stringOf(member(node, 'parent')),
      abstract: member(node, 'abstract')?.value === true, properties,
    };
    beanOf.set(node, out);
    const props = member(node, 'properties');
    if (props?.type === 'object') for (const [name, v] of members(props)) if (v) properties.push({ name, value: value(v) });
    return out;
  }

  function value(node: Node): OutlineValue {
    switch (node.type) {
      case 'array':
        return { kind: 'list', items: (node.children ?? []).map(value) };
      case 'object': {
        const keys = members(node);
        if (keys.length === 1 && keys[0][0] === 'ref') return { kind: 'ref', bean: stringOf(keys[0][1]) ?? '' };
        if (keys.length === 1 && keys[0][0] === 'idref') return { kind: 'idref' };
        if (isBeanObject(node)) return { kind: 'bean', bean: bean(node, undefined, true) };
        return { kind: 'map', entries: keys.map(([key, v]) => ({ key, value: v ? value(v) : { kind: 'null' as const } })) };
      }
      case 'string':
        return { kind: 'text' };
      case 'null':
        return { kind: 'null' };
      default:
        return { kind: 'literal' };
    }
  }
}

/** An object's members as key and value node (the value missing while it is being typed). */
export function members(node: Node): Array<[string, Node | undefined]> {
  if (node.type !== 'object') return [];
  return (node.children ?? []).map((p) => [String(p.children?.[0]?.value ?? ''), p.children?.[1]]);
}

/** The value node of an object's member, or undefined. */
export function member(node: Node, key: string): Node | undefined {
  return members(node).find(([k]) => k === key)?.[1];
}

/** An object that declares a bean: one with a `class` or a `parent`. */
export function isBeanObject(node: Node): boolean {
  return members(node).some(([k]) => k === 'class' || k === 'parent');
}

function stringOf(node: Node | undefined): string | undefined {
  return node?.type === 'string' ? (node.value as string) : undefined;
}
