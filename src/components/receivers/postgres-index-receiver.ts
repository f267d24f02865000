import { randomUUID } from 'node:crypto';
// A static import: this module is itself loaded only when a job has the bean (the descriptor's load), and the bundle keeps pg external.
import pg, { type Client } from 'pg';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { DocumentEvent } from '../../model/fetch-history.js';
import type { CrawledDocument, Receiver } from '../../model/receiver.js';
import type { StateSublevel } from '../../model/state-store.js';
import { attributeOf, compileMapping, type AttributeValue } from './document-attributes.js';
import { DurableBatchReceiver, type DurableBatch, type StoredChunk } from './durable-batch-receiver.js';
import { isoDate } from './iso-date.js';
import { connectionStringProblem, describeConnection, identifierProblem, mappingProblems, quoted } from './postgres-index-options.js';
import type { postgresIndexReceiverComponent } from './postgres-index-receiver.descriptor.js';
import { applyStatements, createStatements, type IndexOp } from './postgres-index-sql.js';

export type PostgresIndexReceiverConfig = ConfigOf<typeof postgresIndexReceiverComponent>;

const STREAM_KEY = 'stream';

/**
 * Documents into a PostgreSQL table kept in sync with the crawl: new and changed documents
 * upserted, unchanged ones touched, deleted ones removed, in batches, each in one transaction.
 * Documents are taken at once (their marks set with the call) and kept in the state store
 * (sublevel `kept:pgindex:<bean id>`) from the commit after they came until their batch is
 * applied, so a crash loses none (DurableBatchReceiver; a chunk in the store is its batch's id and
 * changes). A batch's random id is written in the same transaction to
 * `TABLE_batches`, so a batch replayed after a crash that struck after its commit is skipped:
 * each batch is applied exactly once. The database being unreachable pauses delivery with an
 * alert; batches wait (in order, in the store) and are retried with back-off.
 */
export class PostgresIndexReceiver extends DurableBatchReceiver<PostgresIndexReceiverConfig> implements Receiver {
  /** The document is kept (staged at the next commit) when the call returns; a promise is only backpressure. */
  readonly writesOnCall = true;
  appliedBatches = 0;
  appliedOps = 0;
  /** Batches found applied already (TABLE_batches has their id): replayed after a crash that came after their commit. */
  skippedBatches = 0;
  /** Changes the database refused for good (a data exception, a limit): left out, each named in a SEVERE alert. */
  refusedOps = 0;

  readonly #where: string;
  /** The mapping made once into what reads each attribute. */
  readonly #attributes: (d: CrawledDocument) => Record<string, Exclude<AttributeValue, undefined>>;
  /** Names this receiver's batches in TABLE_batches (kept in the store; random without one). */
  #stream: string = randomUUID();
  #client?: Client;
  #created = false;
  /** The ids of the batches the store held at start: the only ones of this stream that may come again. */
  #replayable: string[] = [];
  #roomWaiters: Array<() => void> = [];
  /** Ids of batches applied, whose removal from the store is not staged yet, staged in a commit under way, or committed. */
  #applied: string[] = [];
  #removing: string[] = [];
  #forgettable: string[] = [];

  constructor(config: PostgresIndexReceiverConfig) {
    super(config, { name: 'PostgresIndexReceiver', sublevel: 'pgindex' });
    const problems = [
      identifierProblem(config.table, 'the table name'), identifierProblem(config.textSearchConfig, 'textSearchConfig'),
      connectionStringProblem(config.connectionString), ...mappingProblems(config.mapping).map((p) => `mapping ${p.message}`),
    ].filter(Boolean);
    if (problems.length) throw new Error(`PostgresIndexReceiver: ${problems.join('; ')}`);
    this.#where = describeConnection(config.connectionString);
    this.#attributes = compileMapping(config.mapping);
  }

  /** Attempts to apply a batch that failed since start (each retry counts). */
  get failedAttempts(): number {
    return this.failures;
  }

  documentFound(doc: CrawledDocument): void | Promise<void> {
    return this.#accept({ op: 'upsert', row: this.#row(doc) });
  }

  documentNew(doc: CrawledDocument): void | Promise<void> {
    return this.documentFound(doc);
  }

  documentChanged(doc: CrawledDocument): void | Promise<void> {
    return this.documentFound(doc);
  }

  /** With its content (a 200 that did not change) the row is written again; a 304 only moves its fetch time. */
  documentUnchanged(event: DocumentEvent, doc?: CrawledDocument): void | Promise<void> {
    if (doc) return this.documentFound(doc);
    return this.#accept({ op: 'touch', url: event.url, fetchTime: isoDate(event.fetchTime) ?? new Date().toISOString() });
  }

  documentDeleted(event: DocumentEvent): void | Promise<void> {
    return this.#accept({ op: 'delete', url: event.url });
  }

  override stage(final?: boolean): void {
    super.stage(final);
    // The removals of these batches from the store are in this commit.
    this.#removing.push(...this.#applied.splice(0));
  }

  /** The batches whose removal the commit wrote can never come again: their ids may go from TABLE_batches. */
  committed(): void {
    this.#forgettable.push(...this.#removing.splice(0));
  }

  crawlFailed(): Promise<void> {
    return this.stop();
  }

  protected override async opened(sub: StateSublevel): Promise<void> {
    const stream = await sub.get(STREAM_KEY);
    if (stream) this.#stream = stream;
    else sub.put(STREAM_KEY, this.#stream);
  }

  protected override restored(batches: readonly DurableBatch[]): void {
    this.#replayable.push(...batches.map((b) => b.id));
  }

  /** Ending the connection makes a transaction under way fail (rolled back): its batch stays. */
  protected override async interrupt(): Promise<void> {
    for (const resolve of this.#roomWaiters.splice(0)) resolve();
    const client = this.#client;
    this.#client = undefined;
    // The end is what interrupts the transaction (its batch stays for the next delivery): a connection failing to end is gone all the same.
    await client?.end().catch(() => undefined);
  }

  /** Room again below maxPendingBatches: the crawl waiting on it goes on. */
  protected override settled(): void {
    if (this.pendingBatches < this.config.maxPendingBatches) for (const resolve of this.#roomWaiters.splice(0)) resolve();
  }

  #row(doc: CrawledDocument): Extract<IndexOp, { op: 'upsert' }>['row'] {
    const title = attributeOf(doc, 'title');
    const text = attributeOf(doc, 'text');
    return {
      url: doc.url,
      ...(doc.displayUrl !== undefined ? { displayUrl: pgText(doc.displayUrl) } : {}),
      title: typeof title === 'string' ? clean(title, this.config.maxTextChars) : null,
      text: clean(typeof text === 'string' ? text : '', this.config.maxTextChars),
      attributes: pgAttributes(this.#attributes(doc)),
      fetchTime: doc.fetchTime.toISOString(),
      digest: doc.digest ?? null,
    };
  }

  #accept(op: IndexOp): void | Promise<void> {
    this.accept(op);
    // Backpressure: with maxPendingBatches waiting (the database down or slow), the crawl waits too.
    if (this.pendingBatches >= this.config.maxPendingBatches) return new Promise<void>((resolve) => this.#roomWaiters.push(resolve));
  }

  protected override delivered(batch: DurableBatch, failedAttempts: number): void {
    if (failedAttempts > 0) this.alert(`delivery to ${this.#target()} resumed after ${failedAttempts} failed attempt(s)`);
    this.appliedBatches++;
    this.appliedOps += batch.items.length;
    (this.keptInStore ? this.#applied : this.#forgettable).push(batch.id);
  }

  /** One batch in one transaction, unless TABLE_batches says it was applied already; delivered once committed. */
  protected async deliver(batch: DurableBatch): Promise<string | undefined> {
    let client: Client | undefined;
    try {
      client = await this.#connect();
      await client.query('BEGIN');
      const fresh = await client.query(`INSERT INTO ${quoted(`${this.config.table}_batches`)} (stream, id) VALUES ($1, $2) ON CONFLICT DO ` +
        `NOTHING`, [this.#stream, batch.id]);
      if (fresh.rowCount === 1) {
        await this.#applyOps(client, batch.items.map((o) => JSON.parse(o) as IndexOp));
      } else {
        this.skippedBatches++;
      }
      const forget = this.#forgettable.splice(0);
      if (forget.length) await client.query(`DELETE FROM ${quoted(`${this.config.table}_batches`)} WHERE stream = $1 AND id = ` +
        `ANY($2::text[])`, [this.#stream, forget]).catch((e: unknown) => {
        this.#forgettable.push(...forget);
        throw e;
      });
      await client.query('COMMIT');
      return undefined;
    } catch (e) {
      // A broken connection is dropped (and made again at the next attempt); on a live one the transaction is rolled back.
      if (client && client === this.#client) {
        const rolledBack = await client.query('ROLLBACK').then(() => true, () => false);
        if (!rolledBack) this.#drop(client);
      }
      return (e as Error)?.message ?? String(e);
    }
  }

  /**
   * The batch's changes, under a savepoint. A change the database can never take (a data
   * exception, a limit such as a tsvector's 1 MB) would stop delivery for good if its batch were
   * retried; instead the batch is applied again one change at a time, and the changes refused are
   * left out with a SEVERE alert naming their URLs. Any other error fails the batch (retried).
   */
  async #applyOps(client: Client, ops: readonly IndexOp[]): Promise<void> {
    await client.query('SAVEPOINT batch');
    try {
      for (const statement of applyStatements(this.config.table, ops)) await client.query(statement);
      await client.query('RELEASE SAVEPOINT batch');
      return;
    } catch (e) {
      if (!isRefusal(e)) throw e;
      await client.query('ROLLBACK TO SAVEPOINT batch');
    }
    const refused: string[] = [];
    for (const op of ops) {
      await client.query('SAVEPOINT one');
      try {
        for (const statement of applyStatements(this.config.table, [op])) await client.query(statement);
        await client.query('RELEASE SAVEPOINT one');
      } catch (e) {
        if (!isRefusal(e)) throw e;
        await client.query('ROLLBACK TO SAVEPOINT one');
        refused.push(`${op.op === 'upsert' ? op.row.url : op.url} (${(e as Error).message})`);
      }
    }
    if (refused.length === 0) return;
    this.refusedOps += refused.length;
    this.alert(`${this.#target()} refused ${refused.length} change(s), ` +
      `left out of the index: ${refused.slice(0, 5).join('; ')}${refused.length > 5 ? `; and ${refused.length - 5} more` : ''}`, 'SEVERE');
  }

  async #connect(): Promise<Client> {
    if (this.#client) return this.#client;
    const client = new pg.Client({
      connectionString: this.config.connectionString || undefined,
      connectionTimeoutMillis: this.config.connectTimeoutMs,
      statement_timeout: this.config.statementTimeoutMs,
      query_timeout: this.config.statementTimeoutMs + 5000,
      application_name: 'beancrawl',
    });
    // A connection that breaks while idle says so here: it is made again for the next batch.
    client.on('error', () => this.#drop(client));
    try {
      await client.connect();
      if (!this.#created) {
        for (const statement of createStatements({ table: this.config.table, textSearchConfig: this.config.textSearchConfig })) await client.query(statement);
        await this.#prune(client);
        this.#created = true;
      }
    } catch (e) {
      // The connection is given up: the error thrown below is the one to tell.
      await client.end().catch(() => undefined);
      throw e;
    }
    this.#client = client;
    return client;
  }

  /**
   * Forgets the applied ids of this stream's batches that can never come again: all but those the
   * store held at start (a batch formed since is not applied before this first connection).
   */
  async #prune(client: Client): Promise<void> {
    await client.query(`DELETE FROM ${quoted(`${this.config.table}_batches`)} WHERE stream = $1 AND NOT (id = ` +
      `ANY($2::text[]))`, [this.#stream, this.#replayable]);
  }

  #drop(client: Client): void {
    if (this.#client === client) this.#client = undefined;
    // Dropped after its failure was had: a connection failing to end is gone all the same.
    client.end().catch(() => undefined);
  }

  protected failureAlert(batch: DurableBatch, reason: string): string {
    return `could not apply a batch of ${batch.items.length} change(s) to ${this.#target()} (${reason}); delivery paused, retrying with back-off, ` +
      `${this.pendingBatches + 1} batch(es) waiting`;
  }

  protected undeliveredAlert(batches: number, _changes: number, kept: boolean): string {
    const fate = kept ? 'they stay in the state store and are applied when the job resumes or runs again' : 'they are lost: there is no state store';
    return `${batches} batch(es) not applied to ${this.#target()} within stopTimeoutMs (${this.config.stopTimeoutMs} ms); ${fate}`;
  }

  protected encodeChunk(batch: DurableBatch, ops: readonly string[]): string {
    return JSON.stringify({ id: batch.id, ops: ops.map((o) => JSON.parse(o) as unknown) });
  }

  protected decodeChunk(value: string): StoredChunk | undefined {
    const chunk = JSON.parse(value) as { id?: unknown; ops?: unknown };
    return typeof chunk?.id === 'string' && Array.isArray(chunk.ops) ? { id: chunk.id, items: chunk.ops } : undefined;
  }

  /** Without a bean id, the table names the sublevel. */
  protected storeFallbackName(): string {
    return this.config.table;
  }

  #target(): string {
    return `table ${this.config.table} at ${this.#where}`;
  }
}

/** Text PostgreSQL takes: no NUL, no lone surrogate (U+FFFD instead), at most `max` characters. */
function clean(text: string, max: number): string {
  return pgText(text.length > max ? text.slice(0, max) : text);
}

const NUL = /\u0000/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function pgText(text: string): string {
  return text.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** Mapped attributes as jsonb takes them: their texts cleaned as the text is. */
function pgAttributes(attributes: Record<string, string | number | boolean | readonly string[]>): Record<string, string | number | boolean | string[]> {
  const out: Record<string, string | number | boolean | string[]> = {};
  for (const [key, value] of Object.entries(attributes)) out[pgText(key)] = typeof value === 'string' ? pgText(value) : typeof value === 'object' ? value.map(pgText) : value;
  return out;
}

/** An error the same change would meet again: a data exception (SQLSTATE class 22) or a limit exceeded (class 54). */
function isRefusal(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('54'));
}
