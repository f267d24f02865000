/**
 * The URL schemes beancrawl crawls, each with a fetcher of its own: the web, local files
 * (FetchFile), mailboxes (FetchImap) and database tables (FetchTable). Every other scheme
 * (`javascript:`, `mailto:`, `data:` …) is not crawlable: links in it are dropped, seeds refused.
 */
export const CRAWLABLE_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'file', 'imap', 'imaps', 'postgresql', 'postgres']);

/** Schemes whose URLs may name no host: a local file, a database reached through the PG* environment variables. */
export const HOSTLESS_SCHEMES: ReadonlySet<string> = new Set(['file', 'postgresql', 'postgres']);
