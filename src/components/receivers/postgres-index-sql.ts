import { quoted } from './postgres-index-options.js';

/** A row to write: a new or changed document (or an unchanged one whose content came). */
export interface IndexRow {
  readonly url: string;
  /** The URL to show (a DisplayUrlMapper's), when it is not `url`. */
  readonly displayUrl?: string;
  readonly title: string | null;
  readonly text: string;
  readonly attributes: Readonly<Record<string, unknown>>;
  /** ISO date. */
  readonly fetchTime: string;
  readonly digest: string | null;
}

/** One change to the index, in the order the crawl found it. */
export type IndexOp =
  | { readonly op: 'upsert'; readonly row: IndexRow }
  | { readonly op: 'touch'; readonly url: string; readonly fetchTime: string }
  | { readonly op: 'delete'; readonly url: string };

/** The table and the text search configuration, both validated identifiers. */
export interface IndexNames {
  readonly table: string;
  readonly textSearchConfig: string;
}

/** The statements that make the table, its GIN index and the applied-batches table when missing. */
export function createStatements({ table, textSearchConfig }: IndexNames): string[] {
  const cfg = `'${textSearchConfig}'::regconfig`;
  const bare = table.split('.').at(-1)!;
  return [
    `CREATE TABLE IF NOT EXISTS ${quoted(table)} (
  url text PRIMARY KEY,
  display_url text NOT NULL,
  title text,
  text text NOT NULL,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
  fetch_time timestamptz NOT NULL,
  digest text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector(${cfg}, coalesce(title, '')), 'A') || setweight(to_tsvector(${cfg}, text), 'B')
  ) STORED
)`,
    `CREATE INDEX IF NOT EXISTS ${quoted(`${bare}_search`)} ON ${quoted(table)} USING gin (search)`,
    `CREATE TABLE IF NOT EXISTS ${quoted(`${table}_batches`)} (
  stream text NOT NULL,
  id text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream, id)
)`,
  ];
}

/**
 * The batch's net effect, one operation per URL: the last upsert or delete of a URL wins; a touch
 * after an upsert only moves its fetch time; a touch after a delete changes nothing.
 */
export function netOps(ops: readonly IndexOp[]): { upserts: IndexRow[]; touches: Array<{ url: string; fetchTime: string }>; deletes: string[] } {
  const last = new Map<string, IndexOp>();
  for (const op of ops) {
    const url = op.op === 'upsert' ? op.row.url : op.url;
    const before = last.get(url);
    if (op.op === 'touch' && before?.op === 'upsert') last.set(url, { op: 'upsert', row: { ...before.row, fetchTime: op.fetchTime } });
    else if (op.op === 'touch' && before?.op === 'delete') continue;
    else {
      last.delete(url);
      last.set(url, op);
    }
  }
  const upserts: IndexRow[] = [];
  const touches: Array<{ url: string; fetchTime: string }> = [];
  const deletes: string[] = [];
  for (const op of last.values()) {
    if (op.op === 'upsert') upserts.push(op.row);
    else if (op.op === 'touch') touches.push({ url: op.url, fetchTime: op.fetchTime });
    else deletes.push(op.url);
  }
  return { upserts, touches, deletes };
}

/** The statements applying a batch's net effect (each with its parameters); none for what it lacks. */
export function applyStatements(table: string, ops: readonly IndexOp[]): Array<{ text: string; values: unknown[] }> {
  const { upserts, touches, deletes } = netOps(ops);
  const t = quoted(table);
  const out: Array<{ text: string; values: unknown[] }> = [];
  if (deletes.length) out.push({ text: `DELETE FROM ${t} WHERE url = ANY($1::text[])`, values: [deletes] });
  if (upserts.length) {
    out.push({
      text: `INSERT INTO ${t} (url, display_url, title, text, attributes, fetch_time, digest)
SELECT r.url, coalesce(r.display_url, r.url), r.title, r.text, coalesce(r.attributes, '{}'::jsonb), r.fetch_time, r.digest
FROM jsonb_to_recordset($1::jsonb) AS r(url text, display_url text, title text, text text, attributes jsonb, fetch_time timestamptz, digest text)
ON CONFLICT (url) DO UPDATE SET display_url = EXCLUDED.display_url, title = EXCLUDED.title, text = EXCLUDED.text,
  attributes = EXCLUDED.attributes, fetch_time = EXCLUDED.fetch_time, digest = EXCLUDED.digest, updated_at = now()`,
      values: [JSON.stringify(upserts.map((r) => ({ url: r.url, display_url: r.displayUrl ?? null, title: r.title, text: r.text, attributes: r.attributes, fetch_time: r.fetchTime, digest: r.digest })))],
    });
  }
  if (touches.length) {
    out.push({
      text: `UPDATE ${t} AS d SET fetch_time = u.fetch_time, updated_at = now()
FROM unnest($1::text[], $2::timestamptz[]) AS u(url, fetch_time) WHERE d.url = u.url`,
      values: [touches.map((x) => x.url), touches.map((x) => x.fetchTime)],
    });
  }
  return out;
}

/**
 * The one query that searches the index (docs/guide/search-index.md, `beancrawl search`): the best matches of a
 * query in the words a search box takes (websearch_to_tsquery: words, "a phrase", -not, or), by
 * ts_rank, each with a ts_headline snippet (computed for the rows returned only).
 */
export function searchQuery({ table, textSearchConfig }: IndexNames): string {
  const cfg = `'${textSearchConfig}'`;
  return `SELECT url, title, ts_headline(${cfg}, text, q, 'MaxFragments=2, MinWords=5, MaxWords=20, StartSel=[, StopSel=]') AS snippet, rank
FROM (
  SELECT url, title, text, q, ts_rank(search, q) AS rank
  FROM ${quoted(table)}, websearch_to_tsquery(${cfg}, $1) AS q
  WHERE search @@ q
  ORDER BY rank DESC, url
  LIMIT $2
) AS best
ORDER BY rank DESC, url`;
}
