interface TrieNode {
  terminal: boolean;
  edges: Map<number, TrieEdge> | undefined;
}

interface TrieEdge {
  label: string;
  node: TrieNode;
}

/**
 * A prefix-free set of strings in a radix tree: adding a string that an entry already prefixes
 * changes nothing, and adding a prefix of entries replaces them. `containsPrefixOf` walks the tree
 * once, so its cost grows with the length of the probe, not with the number of entries.
 */
export class PrefixTrie {
  #root: TrieNode = leaf(false);
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** Adds `prefix` unless an entry already prefixes it; drops entries it prefixes. True if added. */
  add(prefix: string): boolean {
    let node = this.#root;
    let pos = 0;
    for (;;) {
      if (node.terminal) return false;
      if (pos === prefix.length) return this.#replaceSubtree(node);
      const edge = node.edges?.get(prefix.charCodeAt(pos));
      if (!edge) return this.#addEdge(node, prefix.slice(pos));
      const common = commonLength(edge.label, prefix, pos);
      if (common === edge.label.length) {
        node = edge.node;
        pos += common;
      } else if (pos + common === prefix.length) {
        this.#size -= countTerminals(edge.node);
        edge.label = edge.label.slice(0, common);
        edge.node = leaf(true);
        this.#size++;
        return true;
      } else {
        splitEdge(edge, common);
        return this.#addEdge(edge.node, prefix.slice(pos + common));
      }
    }
  }

  /** True when some entry is a prefix of (or equal to) `s`. */
  containsPrefixOf(s: string): boolean {
    let node = this.#root;
    let pos = 0;
    for (;;) {
      if (node.terminal) return true;
      if (pos === s.length) return false;
      const edge = node.edges?.get(s.charCodeAt(pos));
      if (!edge || !s.startsWith(edge.label, pos)) return false;
      pos += edge.label.length;
      node = edge.node;
    }
  }

  /** The entries in ascending UTF-16 code-unit order (Java's `String.compareTo` order). */
  *[Symbol.iterator](): IterableIterator<string> {
    yield* entriesBelow(this.#root, '');
  }

  #replaceSubtree(node: TrieNode): boolean {
    this.#size -= countTerminals(node);
    node.terminal = true;
    node.edges = undefined;
    this.#size++;
    return true;
  }

  #addEdge(node: TrieNode, label: string): boolean {
    node.edges ??= new Map();
    node.edges.set(label.charCodeAt(0), { label, node: leaf(true) });
    this.#size++;
    return true;
  }
}

function leaf(terminal: boolean): TrieNode {
  return { terminal, edges: undefined };
}

/** Inserts a plain node after the first `at` characters of the edge's label. */
function splitEdge(edge: TrieEdge, at: number): void {
  const rest: TrieEdge = { label: edge.label.slice(at), node: edge.node };
  const middle = leaf(false);
  middle.edges = new Map([[rest.label.charCodeAt(0), rest]]);
  edge.label = edge.label.slice(0, at);
  edge.node = middle;
}

function commonLength(label: string, s: string, from: number): number {
  const max = Math.min(label.length, s.length - from);
  let i = 0;
  while (i < max && label.charCodeAt(i) === s.charCodeAt(from + i)) i++;
  return i;
}

function countTerminals(node: TrieNode): number {
  let n = node.terminal ? 1 : 0;
  for (const edge of node.edges?.values() ?? []) n += countTerminals(edge.node);
  return n;
}

function* entriesBelow(node: TrieNode, path: string): Generator<string> {
  if (node.terminal) yield path;
  if (!node.edges) return;
  const keys = [...node.edges.keys()].sort((a, b) => a - b);
  for (const key of keys) {
    const edge = node.edges.get(key)!;
    yield* entriesBelow(edge.node, path + edge.label);
  }
}
