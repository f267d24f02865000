// Static: the search command imports this module only when it runs, so other commands never load pg.
import pg from 'pg';
import type { ResolvedBean } from '../beans/resolve/resolved-bean.js';
import { describeConnection } from '../components/receivers/postgres-index-options.js';
import { searchQuery } from '../components/receivers/postgres-index-sql.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { isError } from '../util/diagnostic.js';
import { verifyJob } from './verify-job.js';

/** One match, best first. */
export interface SearchHit {
  readonly url: string;
  readonly title: string | null;
  readonly snippet: string;
  readonly rank: number;
}

export interface SearchOptions {
  /** The PostgresIndexReceiver bean's id, when the job has several. */
  readonly bean?: string;
  readonly limit?: number;
}

const unavailable = (message: string, hints?: string[]) => new BeancrawlError([{ code: 'BC_INDEX_UNAVAILABLE', message, hints }]);

/**
 * Runs the index's one query (searchQuery: ts_rank, ts_headline) against the table of the job's
 * PostgresIndexReceiver bean, through that bean's connection: a check that the index works.
 */
export async function searchIndex(target: string, words: string, options: SearchOptions = {}): Promise<SearchHit[]> {
  const verified = await verifyJob(target);
  if (verified.diagnostics.some(isError)) throw new BeancrawlError(verified.diagnostics.filter(isError));
  const bean = indexBean(verified.resolved!.beans, options.bean);
  const config = bean.config as { connectionString: string; table: string; textSearchConfig: string; connectTimeoutMs: number; statementTimeoutMs: number };
  const where = `table ${config.table} at ${describeConnection(config.connectionString)} (bean "${bean.id}")`;
  const client = new pg.Client({
    connectionString: config.connectionString || undefined, connectionTimeoutMillis: config.connectTimeoutMs,
    statement_timeout: config.statementTimeoutMs, application_name: 'beancrawl search',
  });
  // A connection lost between queries: the query under way fails with it and tells.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (e) {
    // A client that never connected has nothing to end: the connect's error below is what there is to tell.
    await client.end().catch(() => undefined);
    throw unavailable(`cannot connect to the index, ${where}: ${(e as Error)?.message ?? String(e)}`,
      [config.connectionString ? 'check the bean\'s connectionString' : 'the bean has no connectionString: set PGHOST, PGPORT, PGUSER, PGPASSWORD ' +
        'and PGDATABASE as for the crawl']);
  }
  try {
    const result = await client.query<SearchHit>(searchQuery(config), [words, options.limit ?? 10]);
    return result.rows.map((r) => ({ ...r, rank: Number(r.rank) }));
  } catch (e) {
    if ((e as { code?: string }).code === '42P01') throw unavailable(`the index, ${where}, does not exist yet`, ['launch the job: its ' +
      'PostgresIndexReceiver creates the table']);
    throw unavailable(`the search failed on ${where}: ${(e as Error)?.message ?? String(e)}`);
  } finally {
    // The search's answer (or its error) is had; a connection that fails to end goes with this short-lived command's process.
    await client.end().catch(() => undefined);
  }
}

/** The job's one PostgresIndexReceiver bean, or the one `id` names. */
function indexBean(beans: readonly ResolvedBean[], id: string | undefined): ResolvedBean {
  const indexes = beans.filter((b) => b.descriptor.name === 'PostgresIndexReceiver');
  if (indexes.length === 0) throw unavailable('the job has no PostgresIndexReceiver bean, so it keeps no index to search', ['start from the ' +
    'site-search profile (beancrawl create JOB --profile site-search), or add one to a ReceiverProcessor\'s receivers']);
  if (id !== undefined) {
    const named = indexes.find((b) => b.id === id);
    if (!named) throw unavailable(`--bean ${id} is not one of the job's PostgresIndexReceiver beans (${indexes.map((b) => b.id).join(', ')})`);
    return named;
  }
  if (indexes.length > 1) throw unavailable(`the job has ${indexes.length} PostgresIndexReceiver beans (${indexes.map((b) => b.id).join(', ')}): ` +
    `say which with --bean`);
  return indexes[0];
}
