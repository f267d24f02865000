/** A node of the start order: an id, what it depends on, its definition index. */
export interface OrderNode {
  readonly id: string;
  readonly deps: readonly string[];
}

/**
 * Dependencies first; among beans that are ready at the same time, the one defined first.
 * Assumes no cycles (level 2 of verify has refused them); unknown deps are ignored.
 */
export function startOrder<T extends OrderNode>(nodes: readonly T[]): T[] {
  const index = new Map(nodes.map((n, i) => [n.id, i]));
  const pending = new Map(nodes.map((n) => [n.id, new Set(n.deps.filter((d) => index.has(d) && d !== n.id))]));
  const dependents = new Map<string, string[]>();
  for (const n of nodes) for (const d of pending.get(n.id)!) dependents.set(d, [...(dependents.get(d) ?? []), n.id]);
  const ready = nodes.filter((n) => pending.get(n.id)!.size === 0).map((n) => index.get(n.id)!);
  const out: T[] = [];
  while (ready.length) {
    ready.sort((a, b) => a - b);
    const node = nodes[ready.shift()!];
    out.push(node);
    for (const dep of dependents.get(node.id) ?? []) {
      const waiting = pending.get(dep)!;
      waiting.delete(node.id);
      if (waiting.size === 0) ready.push(index.get(dep)!);
    }
  }
  return out;
}
