import pg from 'pg';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { TableDriver, TableSource } from '../../model/table-driver.js';
import type { postgresTableDriverComponent } from './postgres-table-driver.descriptor.js';

/** An identifier quoted for SQL (`schema.table` part by part); the URL's reader has checked its characters. */
function quoted(name: string): string {
  return name.split('.').map((part) => `"${part}"`).join('.');
}

/** PostgreSQL for FetchTable (see its descriptor): a pool a connection, closed at stop(). */
export class PostgresTableDriver implements TableDriver {
  readonly schemes = ['postgresql', 'postgres'];
  readonly #pools = new Map<string, pg.Pool>();

  constructor(readonly config: ConfigOf<typeof postgresTableDriverComponent>) {}

  async keysAfter(source: TableSource, after: readonly string[] | undefined, limit: number): Promise<string[][]> {
    const keys = source.key.map(quoted);
    const row = (cols: readonly string[]) => (cols.length === 1 ? cols[0] : `(${cols.join(', ')})`);
    const where = after ? `WHERE ${row(keys)} > ${row(after.map((_, i) => `$${i + 1}`))}` : '';
    const text = `SELECT ${keys.map((k) => `${k}::text`).join(', ')} FROM ${quoted(source.table)} ${where} ORDER BY ${keys.join(', ')} LIMIT ` +
      `${Math.max(1, Math.floor(limit))}`;
    const result = await this.#pool(source).query({ text, values: after ? [...after] : [], rowMode: 'array' });
    return result.rows.map((r: unknown[]) => r.map((v) => String(v)));
  }

  async row(source: TableSource, key: readonly string[]): Promise<Record<string, unknown> | undefined> {
    const text = `SELECT * FROM ${quoted(source.table)} WHERE ${source.key.map((k, i) => `${quoted(k)} = $${i + 1}`).join(' AND ')} LIMIT 1`;
    const result = await this.#pool(source).query(text, [...key]);
    return result.rows[0] as Record<string, unknown> | undefined;
  }

  async stop(): Promise<void> {
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    // The pools only read (lookups): one failing to end loses nothing, its connections are gone with the crawl.
    await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
  }

  #pool(source: TableSource): pg.Pool {
    const c = source.connection;
    const id = `${c.user ?? ''}@${c.host ?? ''}:${c.port ?? ''}/${c.database}`;
    let pool = this.#pools.get(id);
    if (!pool) {
      pool = new pg.Pool({
        database: c.database, ...(c.user ? { user: c.user } : {}), ...(c.host ? { host: c.host } : {}), ...(c.port ? { port: c.port } : {}),
        max: this.config.maxConnections, connectionTimeoutMillis: this.config.connectTimeoutMs,
        ...(this.config.statementTimeoutMs > 0 ? { statement_timeout: this.config.statementTimeoutMs } : {}),
      });
      // An idle connection the server closes is dropped from the pool; the next query opens another.
      pool.on('error', () => undefined);
      this.#pools.set(id, pool);
    }
    return pool;
  }
}
