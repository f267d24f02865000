import pg from 'pg';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { KeyPage, TableDriver, TableRow, TableSource } from '../../model/table-driver.js';
import { ListingSnapshots } from './postgres-listing-snapshots.js';
import { boundedRow, boundedRowQuery, rowColumns } from './postgres-row-columns.js';
import type { postgresTableDriverComponent } from './postgres-table-driver.descriptor.js';
import { sqlTableName } from './sql-identifier.js';

/** PostgreSQL for FetchTable (see its descriptor): a pool a connection, a connection a listing being read, closed at stop(). */
export class PostgresTableDriver implements TableDriver {
  readonly schemes = ['postgresql', 'postgres'];
  readonly #pools = new Map<string, pg.Pool>();
  /** The columns of each table read, by pool and table (read again after a row's query fails: the table may have changed). */
  readonly #columns = new Map<string, ReturnType<typeof rowColumns>>();
  readonly #listings = new ListingSnapshots((source) => new pg.Client(this.#connection(source)));

  constructor(readonly config: ConfigOf<typeof postgresTableDriverComponent>) {}

  keysAfter(source: TableSource, after: readonly string[] | undefined, pageSize: number, listing: string): Promise<KeyPage> {
    return this.#listings.page(listing, source, after, pageSize);
  }

  async row(source: TableSource, key: readonly string[], maxColumnBytes: number): Promise<TableRow | undefined> {
    const pool = this.#pool(source);
    const id = `${idOf(source)} ${sqlTableName(source.table)}`;
    let columns = this.#columns.get(id);
    if (!columns) this.#columns.set(id, (columns = rowColumns(pool, source)));
    try {
      const cols = await columns;
      const result = await pool.query(boundedRowQuery(source, cols, maxColumnBytes), [...key]);
      const raw = result.rows[0] as Record<string, unknown> | undefined;
      return raw && boundedRow(cols, raw, maxColumnBytes);
    } catch (e) {
      this.#columns.delete(id);
      throw e;
    }
  }

  async stop(): Promise<void> {
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    // The pools only read (lookups): one failing to end loses nothing, its connections are gone with the crawl.
    await Promise.all([this.#listings.close(), ...pools.map((p) => p.end().catch(() => undefined))]);
  }

  #connection(source: TableSource): pg.ClientConfig {
    const c = source.connection;
    return {
      database: c.database, ...(c.user ? { user: c.user } : {}), ...(c.host ? { host: c.host } : {}), ...(c.port ? { port: c.port } : {}),
      connectionTimeoutMillis: this.config.connectTimeoutMs,
      ...(this.config.statementTimeoutMs > 0 ? { statement_timeout: this.config.statementTimeoutMs } : {}),
    };
  }

  #pool(source: TableSource): pg.Pool {
    const id = idOf(source);
    let pool = this.#pools.get(id);
    if (!pool) {
      pool = new pg.Pool({ ...this.#connection(source), max: this.config.maxConnections });
      // An idle connection the server closes is dropped from the pool; the next query opens another.
      pool.on('error', () => undefined);
      this.#pools.set(id, pool);
    }
    return pool;
  }
}

function idOf(source: TableSource): string {
  const c = source.connection;
  return `${c.user ?? ''}@${c.host ?? ''}:${c.port ?? ''}/${c.database}`;
}
