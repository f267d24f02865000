/** Where a table lives and how its rows are told apart: a table source's connection, table and key columns. */
export interface TableSource {
  /** The connection's parts the URL gives; the driver takes the rest from its own defaults (PG* variables). */
  readonly connection: { readonly user?: string; readonly host?: string; readonly port?: number; readonly database: string };
  /** `table` or `schema.table`, checked as identifiers. */
  readonly table: string;
  readonly key: readonly string[];
}

/**
 * What a database gives a table source (bean kind `TableDriver`): keys in key order, a page at a
 * time, and one row by its key. PostgresTableDriver is one; another database is one more component.
 */
export interface TableDriver {
  /** The scheme of the URLs it serves (`postgresql`, `postgres`). */
  readonly schemes: readonly string[];
  /** The keys after `after` (none: from the first), in key order, at most `limit`; each key's values as text. */
  keysAfter(source: TableSource, after: readonly string[] | undefined, limit: number): Promise<string[][]>;
  /** The row of `key`, its columns by name (as the database's client reads them); undefined when there is none. */
  row(source: TableSource, key: readonly string[]): Promise<Record<string, unknown> | undefined>;
}
