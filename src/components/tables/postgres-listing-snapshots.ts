import type pg from 'pg';
import type { KeyPage, ListingCheck, TableSource } from '../../model/table-driver.js';
import { errorCodeOf } from '../../model/source-error-status.js';
import { sqlIdentifier, sqlTableName } from './sql-identifier.js';

/** One listing being read: its transaction's connection, the keys it gave so far, the last of them. */
interface Scan {
  readonly client: pg.Client;
  /** Why the listing cannot be checked against count(*) (it was begun after its first page, in a snapshot of its own). */
  readonly unchecked?: string;
  listed: number;
  last?: readonly string[];
  /** The connection's error, once it has one: the snapshot is lost. */
  lost?: string;
}

/**
 * The listings of tables being read, each in one read-only REPEATABLE READ transaction of its
 * own (one connection a listing, held from its first page to its last): every page of a listing
 * sees the same snapshot, so the keys it gave can be checked against `count(*)` in that snapshot
 * at its last page. A listing whose snapshot is lost (its connection broken, a crawl resumed in
 * a new process) goes on in a new one, and its last page says it could not be checked, and why.
 */
export class ListingSnapshots {
  readonly #scans = new Map<string, Scan>();

  constructor(private readonly connect: (source: TableSource) => pg.Client) {}

  /** The page of `source` after `after` (none: the first), in the key columns' own order, read in the listing's snapshot. */
  async page(listing: string, source: TableSource, after: readonly string[] | undefined, pageSize: number): Promise<KeyPage> {
    let scan = this.#scans.get(listing);
    const goesOn = scan !== undefined && scan.lost === undefined && after !== undefined && sameKey(scan.last, after);
    if (!goesOn) {
      const why = after === undefined ? undefined : scan?.lost !== undefined ? `its snapshot was lost (${scan.lost}) before the page after ` +
        `key ${after.join(',')}` : scan ? `the page after key ${after.join(',')} was read out of turn` : `its pages before the one after key ` +
        `${after.join(',')} were read by an earlier process (a resumed crawl)`;
      // Begun before the old one is let go: a new one that cannot begin (the server still away) keeps the old one's reason.
      const old = scan;
      scan = await this.#begin(listing, source, why);
      if (old) await closed(old);
    }
    const current = scan!;
    try {
      const keys = await keysAfter(current.client, source, after, pageSize + 1);
      const more = keys.length > pageSize;
      // A key that is not unique names one row of several: listed once, so that the check counts the others missed.
      const page = (more ? keys.slice(0, pageSize) : keys).filter((k, i, all) => !sameKey(i === 0 ? undefined : all[i - 1], k));
      current.listed += page.length;
      current.last = page[page.length - 1];
      if (more) return { keys: page, more };
      const check: ListingCheck = current.unchecked !== undefined
        ? { unchecked: current.unchecked }
        : { listed: current.listed, ...await counted(current.client, source) };
      await this.#end(listing);
      return { keys: page, more, check };
    } catch (e) {
      current.lost ??= errorCodeOf(e);
      // The page's error is the fetch's; ending a connection that broke has nothing more to say.
      await current.client.end().catch(() => undefined);
      throw e;
    }
  }

  /** Ends every listing's transaction (a crawl's end: nothing was written in them). */
  async close(): Promise<void> {
    await Promise.all([...this.#scans.keys()].map((listing) => this.#end(listing)));
  }

  async #begin(listing: string, source: TableSource, unchecked: string | undefined): Promise<Scan> {
    const client = this.connect(source);
    const scan: Scan = { client, listed: 0, ...(unchecked !== undefined ? { unchecked } : {}) };
    // A connection that breaks between pages (the server restarted) loses the snapshot; the next page says so.
    client.on('error', (e) => {
      scan.lost ??= errorCodeOf(e);
    });
    try {
      await client.connect();
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    } catch (e) {
      // The connect's or BEGIN's error is the fetch's; ending the connection it left has nothing more to say.
      await client.end().catch(() => undefined);
      throw e;
    }
    this.#scans.set(listing, scan);
    return scan;
  }

  async #end(listing: string): Promise<void> {
    const scan = this.#scans.get(listing);
    this.#scans.delete(listing);
    if (scan) await closed(scan);
  }
}

/** Ends a listing's transaction and connection. */
async function closed(scan: Scan): Promise<void> {
  // It only read: a connection that cannot end it cleanly loses nothing.
  if (scan.lost === undefined) await scan.client.query('COMMIT').catch(() => undefined);
  await scan.client.end().catch(() => undefined); // as above: nothing was written in it
}

function sameKey(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return a !== undefined && a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * Keyset pagination in the key columns' own types: ordered by the columns themselves (the text
 * the keys are given as is an output of other names, so ORDER BY cannot take it for them), the
 * condition's parameters typed by the columns they are compared with. Rows with a NULL key
 * cannot be told apart by it: they are left out, and counted by the check.
 */
async function keysAfter(client: pg.Client, source: TableSource, after: readonly string[] | undefined, limit: number): Promise<string[][]> {
  const keys = source.key.map(sqlIdentifier);
  const row = (cols: readonly string[]) => (cols.length === 1 ? cols[0] : `(${cols.join(', ')})`);
  const conditions = keys.map((k) => `${k} IS NOT NULL`);
  if (after) conditions.push(`${row(keys)} > ${row(after.map((_, i) => `$${i + 1}`))}`);
  const text = `SELECT ${keys.map((k, i) => `${k}::text AS "beancrawl$key$${i}"`).join(', ')} FROM ${sqlTableName(source.table)} ` +
    `WHERE ${conditions.join(' AND ')} ORDER BY ${keys.join(', ')} LIMIT ${Math.max(1, Math.floor(limit))}`;
  const result = await client.query({ text, values: after ? [...after] : [], rowMode: 'array' });
  return result.rows.map((r: unknown[]) => r.map((v) => String(v)));
}

/** count(*) of the table and of its rows with a NULL key, in the transaction's snapshot. */
async function counted(client: pg.Client, source: TableSource): Promise<{ counted: number; nullKeys: number }> {
  const nulls = source.key.map((k) => `${sqlIdentifier(k)} IS NULL`).join(' OR ');
  const result = await client.query<{ counted: string; nulls: string }>(
    `SELECT count(*) AS counted, count(*) FILTER (WHERE ${nulls}) AS nulls FROM ${sqlTableName(source.table)}`);
  return { counted: Number(result.rows[0].counted), nullKeys: Number(result.rows[0].nulls) };
}
