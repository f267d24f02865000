// Apart from its class, so that verify does not load pg: see CONTRIBUTING.md, "Adding a component".
import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { DOCUMENT_ATTRIBUTE_NAMES } from './document-attributes.js';
import { connectionStringProblem, DEFAULT_INDEX_MAPPING, DEFAULT_TEXT_SEARCH_CONFIG, hasPassword, identifierProblem, mappingProblems } from './postgres-index-options.js';

export const postgresIndexReceiverComponent = defineComponent({
  name: 'PostgresIndexReceiver',
  description:
    'A result receiver that keeps a PostgreSQL table in sync with the crawl, as a site\'s search index: one row per document ' +
    '(url as primary key, display_url (a DisplayUrlMapper\'s, else the url), title, text, attributes jsonb, fetch_time, digest, updated_at) and a ' +
      'generated tsvector column ' +
    '`search` (the title weighted A, the text B, in textSearchConfig) with a GIN index; the table, its index and TABLE_batches are created when missing. ' +
    'New and changed documents are upserted, unchanged ones touched (a 304 moves fetch_time; an unchanged 200 is written again), deleted ones ' +
    'removed; outside delta runs every document is upserted. Title and text are ExtractorDocument\'s when the crawl has one, else ' +
    'no title and the content decoded. Changes go in batches, each in one transaction that also records the batch\'s id in TABLE_batches, ' +
    'so a batch is applied exactly once. Documents are taken at once and kept in the state store (sublevel `kept:pgindex:<bean id>`) ' +
    'until applied, so a crash loses none: after a kill and a resume the table is what the crawl found. The database being ' +
    'unreachable pauses delivery with an alert; batches are retried with back-off, in order, and the crawl waits once maxPendingBatches are waiting. ' +
    'A change the database can never take (a data exception, a limit such as a tsvector\'s 1 MB) is left out with a SEVERE alert naming its URL, ' +
      'so that it cannot stop delivery. ' +
    '`beancrawl search JOB "words"` queries the table.',
  kinds: ['Receiver'],
  props: {
    connectionString: {
      type: 'string', default: '',
      description: 'The database, as a postgresql://user@host:port/database URL or libpq key=value pairs; empty (the default) uses the standard ' +
        'environment variables PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE (and ~/.pgpass), so no password need be written in a bean file. ' +
        'Messages name the user, host, port and database, never a password.',
    },
    table: { type: 'string', default: 'documents', description: 'The table (lower-case letters, digits and _, optionally schema.table); ' +
      'TABLE_batches beside it records applied batches.' },
    textSearchConfig: {
      type: 'string', default: DEFAULT_TEXT_SEARCH_CONFIG,
      description: 'The text search configuration of the `search` column and of queries: `simple` (the default) indexes every word of every language ' +
        'as written, lower-cased; a language\'s (`english`, `german`, `french`, ...) stems words and drops its stop words, for a site in that language. ' +
        'Fixed when the table is created: to change it, drop the table and crawl again.',
    },
    mapping: {
      type: 'object', additionalProperties: { type: 'string', minLength: 1 }, default: DEFAULT_INDEX_MAPPING,
      description: `Attribute → key in the \`attributes\` jsonb column, the mapping every receiver takes: ` +
        `${DOCUMENT_ATTRIBUTE_NAMES.map((a) => `\`${a}\``).join(', ')}, ` +
        'or `header.NAME`, `meta.NAME`, `field.NAME`. Attributes a document lacks are left out. A mapping given replaces the default one.',
    },
    maxTextChars: { type: 'integer', minimum: 1, default: 200000, description: 'Longer texts (and titles) are cut to this many characters (a ' +
      'tsvector holds at most 1 MB).' },
    batchSize: { type: 'integer', minimum: 1, default: 200, description: 'Changes per batch (one transaction).' },
    maxBatchDelayMs: { type: 'integer', minimum: 0, default: 1000, description: 'A batch that is not full is applied this long after its first change.' },
    maxPendingBatches: { type: 'integer', minimum: 1, default: 50, description: 'With this many batches waiting (the database down or slow) the ' +
      'crawl waits for room.' },
    retryInitialDelayMs: { type: 'integer', minimum: 1, default: 500, description: 'The wait before the first retry of a batch that failed; it ' +
      'doubles with each further failure.' },
    retryMaxDelayMs: { type: 'integer', minimum: 1, default: 30000, description: 'The longest wait between retries.' },
    connectTimeoutMs: { type: 'integer', minimum: 1, default: 10000, description: 'A connection not made within this long fails (and is retried).' },
    statementTimeoutMs: { type: 'integer', minimum: 1, default: 60000, description: 'A statement running longer fails (and its batch is retried).' },
    stopTimeoutMs: {
      type: 'integer', minimum: 0, default: 10000,
      description: 'At the end of the crawl, how long to go on applying what is left; what is still unapplied then stays in the state store for ' +
        'the next launch. Keep it below the engine\'s stopTimeoutMs.',
    },
  },
  refs: {
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps the changes not yet applied, so a resumed or next crawl applies them.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Hears (alerts.log) when the database cannot be reached, when delivery ' +
      'resumes, and of batches left at stop.' },
  },
  validate: validateIndex,
  load: async (): Promise<ComponentClass> => (await import('./postgres-index-receiver.js')).PostgresIndexReceiver,
});

function validateIndex(bean: BeanView): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const { table, textSearchConfig, connectionString, mapping, retryInitialDelayMs, retryMaxDelayMs } = bean.config as {
    table?: string; textSearchConfig?: string; connectionString?: string; mapping?: Record<string, string>; retryInitialDelayMs?: number; retryMaxDelayMs?: number;
  };
  const tableProblem = typeof table === 'string' ? identifierProblem(table, 'the table name') : undefined;
  if (tableProblem) issues.push({ property: 'table', message: tableProblem, hints: ['e.g. site_pages, or search.pages'] });
  const configProblem = typeof textSearchConfig === 'string' ? identifierProblem(textSearchConfig, 'a text search configuration') : undefined;
  if (configProblem) issues.push({ property: 'textSearchConfig', message: configProblem, hints: ['e.g. simple, english, german (SELECT cfgname ' +
    'FROM pg_ts_config lists them)'] });
  const connectionProblem = typeof connectionString === 'string' ? connectionStringProblem(connectionString) : undefined;
  if (connectionProblem) issues.push({ property: 'connectionString', message: connectionProblem });
  else if (typeof connectionString === 'string' && hasPassword(connectionString)) {
    issues.push({
      property: 'connectionString', severity: 'warning',
      message: 'holds a password, which is then written wherever bean values are (the run\'s record of its configuration, the console)',
      hints: ['leave the password out: set PGPASSWORD in the environment of the crawl, or write it in ~/.pgpass'],
    });
  }
  for (const p of mappingProblems(mapping ?? {})) issues.push({ property: 'mapping', ...p });
  if (typeof retryInitialDelayMs === 'number' && typeof retryMaxDelayMs === 'number' && retryMaxDelayMs < retryInitialDelayMs) {
    issues.push({ property: 'retryMaxDelayMs', message: `(${retryMaxDelayMs}) is below retryInitialDelayMs (${retryInitialDelayMs})` });
  }
  return issues;
}
