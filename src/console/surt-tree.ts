/** A SURT prefix association as the sheets page reads it: the prefixes and the sheets applied under them, in order. */
export interface PrefixAssociation {
  readonly association: string;
  readonly prefixes: readonly string[];
  readonly sheets: readonly string[];
}

/** A node of the prefix tree: one part of a SURT prefix, the sheets applied exactly there, the longer prefixes under it. */
export interface SurtNode {
  readonly label: string;
  /** The whole prefix up to this node. */
  readonly prefix: string;
  readonly applied: Array<{ readonly association: string; readonly sheets: readonly string[] }>;
  readonly children: SurtNode[];
}

/**
 * The parts of a SURT prefix: the scheme, then each host part, then each path segment
 * (`http://(org,example,)/docs/` → `http://(`, `org,`, `example,`, `)/`, `docs/`).
 */
export function surtParts(prefix: string): string[] {
  const open = prefix.indexOf('(');
  if (open < 0) return [prefix];
  const parts = [prefix.slice(0, open + 1)];
  const close = prefix.indexOf(')', open);
  const host = prefix.slice(open + 1, close < 0 ? undefined : close);
  for (const m of host.matchAll(/[^,]*,|[^,]+$/g)) if (m[0]) parts.push(m[0]);
  if (close >= 0) {
    const path = prefix.slice(close);
    const segments = path.match(/^\)[^/]*\/?|[^/]+\/?/g) ?? [];
    parts.push(...segments);
  }
  return parts;
}

/** The associations' prefixes as a tree, longer prefixes under the shorter ones they extend (they take precedence there). */
export function surtTree(associations: readonly PrefixAssociation[]): SurtNode[] {
  const roots: SurtNode[] = [];
  for (const a of associations) {
    for (const prefix of a.prefixes) {
      let level = roots;
      let node: SurtNode | undefined;
      let sofar = '';
      for (const part of surtParts(prefix)) {
        sofar += part;
        node = level.find((n) => n.label === part);
        if (!node) {
          node = { label: part, prefix: sofar, applied: [], children: [] };
          level.push(node);
        }
        level = node.children;
      }
      node?.applied.push({ association: a.association, sheets: a.sheets });
    }
  }
  const sort = (nodes: SurtNode[]) => {
    nodes.sort((x, y) => x.label.localeCompare(y.label));
    for (const n of nodes) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** The tree with each run of nodes that apply nothing and have one child joined into one node (`http://(org,example,` at once). */
export function compactTree(nodes: readonly SurtNode[]): SurtNode[] {
  return nodes.map((n) => {
    let node = n;
    let label = n.label;
    while (node.applied.length === 0 && node.children.length === 1) {
      node = node.children[0];
      label += node.label;
    }
    return { label, prefix: node.prefix, applied: node.applied, children: compactTree(node.children) };
  });
}
