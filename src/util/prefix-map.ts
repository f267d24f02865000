interface Node<V> {
  value?: V;
  hasValue: boolean;
  edges?: Map<number, Edge<V>>;
}

interface Edge<V> {
  label: string;
  node: Node<V>;
}

/**
 * A map from string prefixes to values in a radix tree: `matches(s)` lists the values of every
 * key that is a prefix of `s`, shortest first, in time proportional to the length of `s` (not
 * to the number of keys), with memory proportional to the number of keys.
 */
export class PrefixMap<V> {
  readonly #root: Node<V> = { hasValue: false };
  #size = 0;

  get size(): number {
    return this.#size;
  }

  set(key: string, value: V): void {
    let node = this.#root;
    let pos = 0;
    while (pos < key.length) {
      node.edges ??= new Map();
      const edge = node.edges.get(key.charCodeAt(pos));
      if (!edge) {
        const leaf: Node<V> = { hasValue: false };
        node.edges.set(key.charCodeAt(pos), { label: key.slice(pos), node: leaf });
        node = leaf;
        pos = key.length;
        break;
      }
      let common = 0;
      while (common < edge.label.length && pos + common < key.length && edge.label.charCodeAt(common) === key.charCodeAt(pos + common)) common++;
      if (common < edge.label.length) {
        const middle: Node<V> = { hasValue: false, edges: new Map([[edge.label.charCodeAt(common), { label: edge.label.slice(common), node: edge.node }]]) };
        edge.label = edge.label.slice(0, common);
        edge.node = middle;
      }
      node = edge.node;
      pos += common;
    }
    if (!node.hasValue) this.#size++;
    node.hasValue = true;
    node.value = value;
  }

  get(key: string): V | undefined {
    let found: V | undefined;
    let exact = false;
    this.#walk(key, (v, end) => {
      if (end === key.length) {
        found = v;
        exact = true;
      }
    });
    return exact ? found : undefined;
  }

  /** The values of the keys that prefix `s`, shortest key first. */
  matches(s: string): V[] {
    const out: V[] = [];
    this.#walk(s, (v) => out.push(v));
    return out;
  }

  #walk(s: string, visit: (value: V, end: number) => void): void {
    let node: Node<V> | undefined = this.#root;
    let pos = 0;
    while (node) {
      if (node.hasValue) visit(node.value as V, pos);
      if (pos >= s.length) return;
      const edge: Edge<V> | undefined = node.edges?.get(s.charCodeAt(pos));
      if (!edge || !s.startsWith(edge.label, pos)) return;
      pos += edge.label.length;
      node = edge.node;
    }
  }
}
