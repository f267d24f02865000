import type pg from 'pg';
import type { TableRow, TableSource } from '../../model/table-driver.js';
import { sqlIdentifier, sqlTableName } from './sql-identifier.js';

/** A column as the catalog tells it: whether it can be long, and how a prefix of it is read. */
interface Column {
  readonly name: string;
  /** `fixed`: read as it is; `string`: a text or bytes type, read through substring; `other`: long, read as text when too long. */
  readonly kind: 'fixed' | 'string' | 'other';
}

/** The table's columns, in their order, from the catalog (a domain as its base type). */
export async function rowColumns(client: pg.Pool, source: TableSource): Promise<Column[]> {
  const result = await client.query<{ name: string; len: number; type: string; category: string }>(
    'SELECT a.attname AS name, a.attlen AS len, format_type(CASE WHEN t.typtype = \'d\' THEN t.typbasetype ELSE t.oid END, NULL) AS type, ' +
    't.typcategory AS category FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid WHERE a.attrelid = $1::regclass AND a.attnum > 0 ' +
    'AND NOT a.attisdropped ORDER BY a.attnum', [sqlTableName(source.table)]);
  return result.rows.map((r) => ({
    name: r.name,
    kind: Number(r.len) > 0 ? 'fixed' : r.type === 'bytea' || (r.category === 'S' && r.type !== 'character') ? 'string' : 'other',
  }));
}

/**
 * The query of one row by its key that reads no column whole beyond `maxBytes`: a text or bytes
 * column through `substring` (at most `maxBytes` characters or bytes) with its full
 * `octet_length`; any other long column (json, xml, an array…) as it is when its text is within
 * `maxBytes`, else a prefix of its text. So no value the client receives can be larger than about
 * four times `maxBytes` (UTF-8's widest character), whatever the row holds.
 */
export function boundedRowQuery(source: TableSource, columns: readonly Column[], maxBytes: number): string {
  const cap = Math.max(1, Math.floor(maxBytes));
  const select = columns.map((col, i) => {
    const c = sqlIdentifier(col.name);
    if (col.kind === 'fixed') return `${c} AS ${c}`;
    if (col.kind === 'string') return `substring(${c} FROM 1 FOR ${cap}) AS ${c}, octet_length(${c}) AS "beancrawl$len$${i}"`;
    return `CASE WHEN octet_length(${c}::text) <= ${cap} THEN ${c} END AS ${c}, ` +
      `CASE WHEN octet_length(${c}::text) > ${cap} THEN substring(${c}::text FROM 1 FOR ${cap}) END AS "beancrawl$prefix$${i}"`;
  });
  const where = source.key.map((k, i) => `${sqlIdentifier(k)} = $${i + 1}`).join(' AND ');
  return `SELECT ${select.join(', ')} FROM ${sqlTableName(source.table)} WHERE ${where} LIMIT 1`;
}

/** A row of boundedRowQuery as its columns by name, and the columns that were read in part. */
export function boundedRow(columns: readonly Column[], raw: Record<string, unknown>, maxBytes: number): TableRow {
  const values: Record<string, unknown> = {};
  const cut: string[] = [];
  columns.forEach((col, i) => {
    values[col.name] = raw[col.name];
    if (col.kind === 'string' && Number(raw[`beancrawl$len$${i}`] ?? 0) > maxBytes) cut.push(col.name);
    const prefix = raw[`beancrawl$prefix$${i}`];
    if (col.kind === 'other' && prefix !== null && prefix !== undefined) {
      values[col.name] = prefix;
      cut.push(col.name);
    }
  });
  return { values, cut };
}
