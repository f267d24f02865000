import type { TableSource } from '../../model/table-driver.js';

/** A table's listing (`after`: the key the page starts after) or one of its rows (`row`: its key's values). */
export interface TableUrl {
  readonly scheme: string;
  readonly source: TableSource;
  /** Columns that make the document's content (all when none). */
  readonly content: readonly string[];
  /** A version or modification-time column: the change signal (else the row's digest). */
  readonly version?: string;
  /** A display URL template, `{column}` replaced by the row's value. */
  readonly display?: string;
  readonly after?: readonly string[];
  readonly row?: readonly string[];
}

/** An identifier beancrawl writes into SQL (quoted): a table, `schema.table`, or a column. */
const IDENTIFIER = /^[A-Za-z_][\w$]*$/;
const QUALIFIED = /^[A-Za-z_][\w$]*(\.[A-Za-z_][\w$]*)?$/;

/**
 * Reads a table source URL: `postgresql://[user@][host][:port]/database?table=NAME&key=COL[,COL]`
 * with `content=COL,…`, `version=COL` and `display=TEMPLATE` optional (a listing; `after=` marks a
 * page after the first), or a row's `postgresql://…/database/TABLE/KEY[,KEY]?key=…` (the same
 * options, the key's values percent-encoded). A password in the URL is refused: it comes from the
 * environment (PGPASSWORD) or a password file. Returns why it is not one, as text.
 */
export function parseTableUrl(href: string): TableUrl | string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return 'not a URL';
  }
  const scheme = url.protocol.slice(0, -1);
  if (url.password) return 'a password is never written in a table URL: give it in PGPASSWORD or a password file';
  const parts = url.pathname.split('/').slice(1).map((p) => decodeURIComponent(p));
  const params = url.searchParams;
  const list = (name: string) => (params.get(name) ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  const key = list('key');
  if (key.length === 0) return 'names no key column (key=COLUMN)';
  const content = list('content');
  const version = params.get('version') ?? undefined;
  for (const column of [...key, ...content, ...(version ? [version] : [])]) if (!IDENTIFIER.test(column)) return `"${column}" is not a column name`;
  const connection = {
    database: parts[0] ?? '',
    ...(url.username ? { user: decodeURIComponent(url.username) } : {}),
    ...(url.hostname ? { host: url.hostname.replace(/^\[|\]$/g, '') } : {}),
    ...(url.port ? { port: Number(url.port) } : {}),
  };
  if (!connection.database) return 'names no database (postgresql://host/DATABASE?table=…)';
  const display = params.get('display') ?? undefined;
  const common = { scheme, content, ...(version ? { version } : {}), ...(display ? { display } : {}) };
  if (parts.length === 1) {
    const table = params.get('table') ?? '';
    if (!QUALIFIED.test(table)) return table ? `"${table}" is not a table name` : 'names no table (table=NAME)';
    const after = params.get('after');
    return { ...common, source: { connection, table, key }, ...(after !== null ? { after: after.split(',').map(decodeURIComponent) } : {}) };
  }
  if (parts.length === 3 && QUALIFIED.test(parts[1])) {
    const row = url.pathname.split('/')[3].split(',').map(decodeURIComponent);
    if (row.length !== key.length) return `its key has ${row.length} values for ${key.length} key columns`;
    return { ...common, source: { connection, table: parts[1], key }, row };
  }
  return 'is neither a table (…/DATABASE?table=…) nor a row (…/DATABASE/TABLE/KEY)';
}

/** The options every URL of the source carries, in one order (so that its URLs are stable). */
function options(t: TableUrl, withTable: boolean): string {
  const q = new URLSearchParams();
  if (withTable) q.set('table', t.source.table);
  q.set('key', t.source.key.join(','));
  if (t.content.length) q.set('content', t.content.join(','));
  if (t.version) q.set('version', t.version);
  if (t.display) q.set('display', t.display);
  return q.toString();
}

function origin(t: TableUrl): string {
  const c = t.source.connection;
  const host = c.host === undefined ? '' : c.host.includes(':') ? `[${c.host}]` : c.host;
  return `${t.scheme}://${c.user ? `${encodeURIComponent(c.user)}@` : ''}${host}${c.port ? `:${c.port}` : ''}/${encodeURIComponent(c.database)}`;
}

/** The URL of the page of the listing after `after`. */
export function listingUrl(t: TableUrl, after: readonly string[]): string {
  return `${origin(t)}?${options(t, true)}&after=${after.map(encodeURIComponent).join(',')}`;
}

/** The URL of the row of `key`: stable from run to run, as its source's options are. */
export function rowUrl(t: TableUrl, key: readonly string[]): string {
  return `${origin(t)}/${encodeURIComponent(t.source.table)}/${key.map(encodeURIComponent).join(',')}?${options(t, false)}`;
}
