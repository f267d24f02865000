import { didYouMean } from '../../util/did-you-mean.js';
import { ATTRIBUTE_FAMILIES, DOCUMENT_ATTRIBUTE_NAMES, isAttributeName } from './document-attributes.js';

/** A lower-case SQL identifier, optionally `schema.name`: at most 54 characters, so that `NAME_batches` fits PostgreSQL's 63. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,53}(\.[a-z_][a-z0-9_]{0,53})?$/;

/** The default text search configuration: `simple` treats every language alike (no stemming, no stop words). */
export const DEFAULT_TEXT_SEARCH_CONFIG = 'simple';

/** The default mapping: what goes into the `attributes` jsonb column. */
export const DEFAULT_INDEX_MAPPING = {
  httpMimetype: 'mimeType', httpSize: 'size', httpLastModified: 'lastModified', language: 'language', description: 'description', keywords: 'keywords',
} as const;

/** Why `name` cannot name the table (or a text search configuration), or undefined when it can. */
export function identifierProblem(name: string, what: string): string | undefined {
  if (IDENTIFIER.test(name)) return undefined;
  return `"${name}" is not a plain SQL identifier: ${what} must be lower-case letters, digits and _ (not starting with a digit, at most 54 ` +
    `characters), optionally schema.name`;
}

/** The identifier written in SQL: each part quoted (validated first, so no quote can be in it). */
export function quoted(name: string): string {
  return name.split('.').map((part) => `"${part}"`).join('.');
}

/** The problems of a mapping: unknown attribute names (with a hint), two attributes under one key. */
export function mappingProblems(mapping: Readonly<Record<string, string>>): Array<{ message: string; hints?: string[] }> {
  const problems: Array<{ message: string; hints?: string[] }> = [];
  for (const attribute of Object.keys(mapping)) {
    if (isAttributeName(attribute)) continue;
    const near = didYouMean(attribute, DOCUMENT_ATTRIBUTE_NAMES);
    problems.push({
      message: `maps an unknown attribute "${attribute}"`,
      hints: near.length ? [`did you mean "${near[0]}"?`] : [`attributes: ${DOCUMENT_ATTRIBUTE_NAMES.join(', ')}, or ` +
        `${ATTRIBUTE_FAMILIES.map((f) => `${f}NAME`).join(', ')}`],
    });
  }
  const keys = Object.values(mapping);
  const twice = keys.find((k, i) => keys.indexOf(k) !== i);
  if (twice !== undefined) problems.push({ message: `maps two attributes to the key "${twice}"` });
  return problems;
}

/** Why a connection string cannot be used, or undefined (empty means: the PG* environment variables). */
export function connectionStringProblem(value: string): string | undefined {
  if (value === '') return undefined;
  if (/^postgres(ql)?:\/\//i.test(value)) {
    try {
      new URL(value);
      return undefined;
    } catch {
      return 'is not a valid postgresql:// URL';
    }
  }
  if (/^\s*\w+\s*=/.test(value)) return undefined;
  return 'must be a postgresql://user@host:port/database URL or key=value pairs (host=... dbname=...), or empty for the PGHOST, PGPORT, PGUSER, ' +
    'PGPASSWORD and PGDATABASE environment variables';
}

/**
 * Where the index is, for messages: host, port, database and user, never a password (from the
 * connection string when given, else the PG* environment variables as libpq would read them).
 */
export function describeConnection(connectionString: string, env: NodeJS.ProcessEnv = process.env): string {
  let host = env.PGHOST || 'localhost';
  let port = env.PGPORT || '5432';
  let user = env.PGUSER || env.USER || '';
  let database = env.PGDATABASE || user;
  if (/^postgres(ql)?:\/\//i.test(connectionString)) {
    try {
      const u = new URL(connectionString);
      host = decodeURIComponent(u.hostname) || u.searchParams.get('host') || host;
      port = u.port || port;
      user = decodeURIComponent(u.username) || user;
      database = decodeURIComponent(u.pathname.slice(1)) || database;
    } catch {
      return 'the connection string (not a valid URL)';
    }
  } else if (connectionString !== '') {
    const pairs = Object.fromEntries([...connectionString.matchAll(/(\w+)\s*=\s*('(?:[^'\\]|\\.)*'|\S+)/g)].map((m) => [m[1], m[2].replace(/^'|'$/g, '')]));
    host = pairs.host ?? host;
    port = pairs.port ?? port;
    user = pairs.user ?? user;
    database = pairs.dbname ?? database;
  }
  return `${user ? `${user}@` : ''}${host}:${port}/${database || '(the default database)'}`;
}

/** Whether a connection string carries a password (postgresql://user:PASSWORD@... or password=...). */
export function hasPassword(connectionString: string): boolean {
  if (/^postgres(ql)?:\/\//i.test(connectionString)) {
    try {
      const u = new URL(connectionString);
      return u.password !== '' || u.searchParams.has('password');
    } catch {
      return false;
    }
  }
  return /(^|\s)password\s*=/.test(connectionString);
}
