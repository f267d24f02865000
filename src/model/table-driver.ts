/** Where a table lives and how its rows are told apart: a table source's connection, table and key columns. */
export interface TableSource {
  /** The connection's parts the URL gives; the driver takes the rest from its own defaults (PG* variables). */
  readonly connection: { readonly user?: string; readonly host?: string; readonly port?: number; readonly database: string };
  /** `table` or `schema.table`, checked as identifiers. */
  readonly table: string;
  readonly key: readonly string[];
}

/** A page of a table's keys, in key order; the last page of a listing says whether the listing holds every row. */
export interface KeyPage {
  /** At most the page size, each key's values as text. */
  readonly keys: string[][];
  /** Whether keys follow this page. */
  readonly more: boolean;
  /** On the last page: the keys the whole listing gave against `count(*)`, both at the listing's snapshot. */
  readonly check?: ListingCheck;
}

/** Whether a listing gave every row: its keys counted against `count(*)` at its snapshot, or why that could not be told. */
export type ListingCheck =
  | { readonly listed: number; readonly counted: number; readonly nullKeys: number }
  | { readonly unchecked: string };

/** A row as read: its columns by name, and the columns read only in part (longer than the bound asked). */
export interface TableRow {
  readonly values: Record<string, unknown>;
  readonly cut: readonly string[];
}

/**
 * What a database gives a table source (bean kind `TableDriver`): keys in key order, a page at a
 * time, and one row by its key. PostgresTableDriver is one; another database is one more component.
 */
export interface TableDriver {
  /** The scheme of the URLs it serves (`postgresql`, `postgres`). */
  readonly schemes: readonly string[];
  /**
   * The keys after `after` (none: from the first), in the key columns' own order, at most
   * `pageSize`. `listing` names the listing the page belongs to (its pages come one after
   * another), so that the driver can read them all at one snapshot and check the last against
   * `count(*)`.
   */
  keysAfter(source: TableSource, after: readonly string[] | undefined, pageSize: number, listing: string): Promise<KeyPage>;
  /** The row of `key`, each column read up to `maxColumnBytes`; undefined when there is none. */
  row(source: TableSource, key: readonly string[], maxColumnBytes: number): Promise<TableRow | undefined>;
}
