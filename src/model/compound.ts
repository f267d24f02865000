import { ExtraKey } from './extra-key.js';

/**
 * The elements of a compound document (zip, tar, tar.gz, gzip): SMILA's compound records, each
 * element a document of its own with `_compoundRecordId`, `_compoundPath` and `_isCompound`.
 */
export interface CompoundElement {
  /** Its path in the container, nested compounds' paths joined by `!/` (`docs/a.zip!/x.txt`). */
  readonly path: string;
  /** The path of the nested compound that holds it; undefined for one in the container itself. */
  readonly parent?: string;
  readonly content: Buffer;
  /** `sha1:BASE32` of its content. */
  readonly digest: string;
  readonly mimeType: string;
  /** It is a compound itself, whose elements follow it. */
  readonly isCompound: boolean;
}

/** What ExtractorCompound read of a container. */
export interface CompoundListing {
  readonly elements: readonly CompoundElement[];
  /**
   * Every element was read: no limit cut the listing, no entry was refused. Only then is an
   * element missing from it proven gone in a delta run.
   */
  readonly complete: boolean;
}

/** An element as the fetch history keeps it from run to run: [path, digest, size, mimeType]. */
export type StoredElement = readonly [string, string, number, string];

/** An element's URL: its container's, `!/`, its path (as Java's jar: URLs write it). */
export function elementUrl(container: string, path: string): string {
  return `${container}!/${path}`;
}

/** The URL of the compound that holds an element directly (SMILA's `_compoundRecordId`): the container, or the nested compound its path passes through last. */
export function parentUrl(container: string, path: string): string {
  const i = path.lastIndexOf('!/');
  return i < 0 ? container : elementUrl(container, path.slice(0, i));
}

/** Where an element sits: the compound holding it (`_compoundRecordId`) and its path (`_compoundPath`). */
export interface CompoundPlace {
  readonly recordId: string;
  readonly path: string;
}

/** Where a compound document's elements are kept on its try (set by ExtractorCompound): documents of their own for receivers. */
export const COMPOUND = new ExtraKey<CompoundListing>('compound');
