/** Heritrix's hop letters: how a URI was reached from the one before it. */
export const Hop = {
  LINK: 'L',
  EMBED: 'E',
  SPECULATIVE: 'X',
  REFER: 'R',
  PREREQ: 'P',
  INFERRED: 'I',
  MANIFEST: 'M',
  SUBMIT: 'S',
} as const;

export type Hop = (typeof Hop)[keyof typeof Hop];

/** A link found in a document: where it points, how it was reached, and where in the document. */
export interface Link {
  readonly uri: string;
  readonly hop: Hop;
  /** Where it was found, as Heritrix writes it: `a/@href`, `img/@src`, `Location:`, `=EMBED_MISC`, ... */
  readonly context: string;
  /**
   * The next part of the same listing (a table's next page of keys): it keeps the hop path of the
   * URI it was found on, so that a listing of a thousand pages is not a thousand hops deep.
   */
  readonly continues?: boolean;
}
