/** The bounds an archive is read within: what a hostile one (a zip bomb, a deep nest) can cost. */
export interface CompoundLimits {
  /** Bytes of all elements together, nested ones included. */
  readonly maxExpandedBytes: number;
  /** An element's expanded size over its compressed size. */
  readonly maxRatio: number;
  readonly maxEntries: number;
  /** Compounds inside compounds: 1 reads the container's own elements only. */
  readonly maxDepth: number;
}
