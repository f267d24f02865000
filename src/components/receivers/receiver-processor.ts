import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { DeltaListener, DocumentEvent } from '../../model/fetch-history.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import type { CrawledDocument, Receiver } from '../../model/receiver.js';
import type { StateSublevel } from '../../model/state-store.js';
import { crawledDocumentOf, documentEventOf } from './crawled-document.js';
import { elementDeliveries, type Delivery } from './compound-documents.js';
import { COMPOUND } from '../../model/compound.js';

export const receiverProcessorComponent = defineComponent({
  name: 'ReceiverProcessor',
  description:
    'Hands every document the crawl finds (a 2xx answer with content; never dns:, robots.txt or an empty body) to result ' +
    'receivers (SAP xcrawler\'s result receivers), in the disposition chain before `candidates`. A document with links is a ' +
    'collection: when a receiver refuses it (approveCollectionCrawling), its links are not scheduled (annotation ' +
    '`collectionRefused`). A receiver that fails is logged in runtime-errors.log (annotation `receiverFailed`) and the crawl goes on. ' +
    'In delta runs receivers hear new, changed and unchanged documents as they come and deleted ones at the end; list ' +
    'receivers (documentList) get the run\'s whole list of events at its end, kept in the state store meanwhile.',
  kinds: ['Processor', 'DeltaListener'],
  props: {
    ...PROCESSOR_PROPS,
    testMode: {
      type: 'boolean', default: false,
      description: 'SAP xcrawler\'s test mode: the crawl runs, but no document is passed to the receivers (they are still started and stopped).',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
    receivers: { kind: 'Receiver', list: true, description: 'The receivers (JsonlReceiver, DirectoryMirrorReceiver, ...), each told of each ' +
      'document in this order.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Receives the errors receivers throw.' },
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps the events for list receivers until the run ends, across crashes.' },
  },
  validate: (bean: BeanView): ValidationIssue[] =>
    bean.refs('receivers').length === 0 ? [{ property: 'receivers', message: 'lists no receiver; add at least one (e.g. <bean class="JsonlReceiver"/>)' }] : [],
  load: async (): Promise<ComponentClass> => ReceiverProcessor,
});

export type ReceiverProcessorConfig = ConfigOf<typeof receiverProcessorComponent>;

/** The key of the event counter in the list receivers' sublevel (event keys are zero-padded numbers). */
const COUNT_KEY = 'count';

/** The mark of the list receivers' event; pushed receiver i has bit i (the first 30 are marked, any more are told again). */
const LIST_MARK = 1 << 30;

const markOf = (i: number): number => (i < 30 ? 1 << i : 0);

/** Events read from the store at a time for list receivers. */
const LIST_PAGE = 4096;

/**
 * Passes each document to the receivers (SAP's provider thread): asks them first whether a
 * collection's links may be followed, then tells each of the document: documentFound, or in a
 * delta run documentNew / documentChanged (documentFound for receivers without them) /
 * documentUnchanged. A receiver's promise holds the URI until it settles; its error is logged,
 * never passed on to the crawl. List receivers hear nothing until the run ends, when they get
 * every event of the run, kept in the state store (sublevel `events`) until then.
 */
export class ReceiverProcessor extends Processor<typeof receiverProcessorComponent> implements DeltaListener {
  /** It writes outputs only: behind the URI's chain (Processor.writesBehind). */
  protected override get writesBehind(): boolean {
    return true;
  }

  /** Documents passed to the receivers. */
  documents = 0;
  readonly #pushed: Receiver[];
  readonly #listed: Receiver[];
  /** The receivers that may refuse a collection's links (approveCollectionCrawling). */
  readonly #approvers: Receiver[];
  /** Every mark this processor sets on a URI whose document all its receivers had. */
  readonly #allMarks: number;
  #events?: StateSublevel;
  /** Events kept for list receivers: in the store, or here without one. */
  #count = 0;
  readonly #inMemory: DocumentEvent[] = [];

  constructor(config: ReceiverProcessorConfig) {
    super(config);
    this.#listed = config.receivers.filter((r) => typeof r.documentList === 'function');
    this.#pushed = config.receivers.filter((r) => typeof r.documentList !== 'function');
    this.#approvers = config.receivers.filter((r) => typeof r.approveCollectionCrawling === 'function');
    this.#allMarks = this.#listed.length ? LIST_MARK : 0;
    for (let i = 0; i < this.#pushed.length; i++) this.#allMarks |= markOf(i);
  }

  async start(): Promise<void> {
    const store = this.config.stateStore;
    if (!store || this.#listed.length === 0 || this.#events) return;
    this.#events = store.sublevel('events');
    this.#count = Number((await this.#events.get(COUNT_KEY)) ?? 0);
  }

  /** A collection's links, which a receiver refuses, are dropped before the candidates processor schedules them. */
  protected override ahead(curi: CrawlUri): ProcessResult {
    if (this.config.testMode || this.#approvers.length === 0 || curi.noFollow) return PROCEED;
    const doc = crawledDocumentOf(curi);
    if (doc && doc.outlinks.length > 0 && !this.#approved(curi, doc)) {
      curi.noFollow = true;
      curi.annotations.push('collectionRefused');
    }
    return PROCEED;
  }

  protected innerProcess(curi: CrawlUri): ProcessResult | Promise<ProcessResult> {
    if (this.config.testMode) return PROCEED;
    const doc = crawledDocumentOf(curi);
    // A 304 in a delta run is an unchanged document, without content.
    if (doc === undefined && curi.delta !== 'unchanged') return PROCEED;
    // Done again after a crash: the receivers marked as having it get nothing more.
    const done = curi.delivered?.[this.#markKey] ?? 0;
    if (done === this.#allMarks && this.#pushed.length <= 30) return PROCEED;
    const event = documentEventOf(curi, curi.delta ?? 'found');
    // A compound's elements are documents of their own, told after it, in the same turn.
    const deliveries: Delivery[] = curi.attempt.extra(COMPOUND) || curi.history?.elements
      ? [{ event, doc }, ...elementDeliveries(curi, doc, event)]
      : [{ event, doc }];
    this.documents += deliveries.length;
    const pending: Promise<void>[] = [];
    const pushed = this.#pushed;
    for (let i = 0; i < pushed.length; i++) {
      const bit = markOf(i);
      if (done & bit) continue;
      const receiver = pushed[i];
      // Every document told before any is awaited, so that one commit holds all a writing receiver wrote and its mark, or none.
      let told: Promise<void> | Promise<void>[] | undefined;
      try {
        for (const d of deliveries) {
          const p = tell(receiver, d.event, d.doc);
          if (p) told = told === undefined ? p : Array.isArray(told) ? [...told, p] : [told, p];
        }
        if (told === undefined || receiver.writesOnCall) this.#mark(curi, bit);
        if (told) pending.push((Array.isArray(told) ? Promise.all(told) : told).then(() => this.#mark(curi, bit), (e: unknown) => this.#failed(curi, e)));
      } catch (e) {
        this.#failed(curi, e);
      }
    }
    // The list receivers' events are kept at the same instant as their mark.
    if (this.#listed.length && !(done & LIST_MARK)) {
      for (const d of deliveries) this.#keep(d.event);
      this.#mark(curi, LIST_MARK);
    }
    return pending.length ? Promise.all(pending).then(() => PROCEED) : PROCEED;
  }

  /** The receivers' marks on URIs are kept under this processor's name. */
  get #markKey(): string {
    return this.beanName || 'receivers';
  }

  /**
   * Marks the URI as had by one more receiver (its bit), for the frontier to keep with the next
   * commit: a receiver that wrote on the call (a JSONL line) is marked at once, so that one commit
   * holds its output and the mark or neither; one that works asynchronously once it is done (after
   * a crash in between it may get the document again: at least once, never lost).
   */
  #mark(curi: CrawlUri, bit: number): void {
    if (bit === 0) return;
    const marks = (curi.delivered ??= {});
    const key = this.#markKey;
    if (((marks[key] ?? 0) & bit) === bit) return;
    marks[key] = (marks[key] ?? 0) | bit;
    curi.marks++;
  }

  /**
   * Every receiver is told before any is awaited, so that what they all stage or write at once
   * (a line, a batch) lands in one commit with the event kept here and the caller's mark of it.
   */
  documentEvent(event: DocumentEvent): Promise<void> {
    this.#keep(event);
    const failed = (e: unknown) => this.config.loggerModule?.alert?.('SEVERE', `receiver failed on the ${event.kind} event of ${event.url}: ` +
      `${(e as Error)?.message ?? String(e)}`);
    const pending: Promise<void>[] = [];
    for (const receiver of this.#pushed) {
      try {
        const p = tell(receiver, event, undefined);
        if (p) pending.push(p.catch(failed));
      } catch (e) {
        failed(e);
      }
    }
    return Promise.all(pending).then(() => undefined);
  }

  async runEnded(): Promise<void> {
    if (this.#listed.length === 0) return;
    await this.config.stateStore?.commit();
    for (const receiver of this.#listed) {
      try {
        await receiver.documentList!(this.#events ? storedEvents(this.#events) : inMemory(this.#inMemory));
      } catch (e) {
        this.config.loggerModule?.alert?.('SEVERE', `list receiver failed: ${(e as Error)?.message ?? String(e)}`);
      }
    }
  }

  /** Keeps an event for the list receivers, if there are any. */
  #keep(event: DocumentEvent): void {
    if (this.#listed.length === 0) return;
    if (!this.#events) {
      this.#inMemory.push(event);
      return;
    }
    this.#events.put(String(this.#count++).padStart(12, '0'), JSON.stringify(event));
    this.#events.put(COUNT_KEY, String(this.#count));
  }

  /** Every receiver must approve; one that throws is taken to approve. */
  #approved(curi: CrawlUri, doc: CrawledDocument): boolean {
    return this.#approvers.every((r: Receiver) => {
      try {
        return r.approveCollectionCrawling?.(doc) ?? true;
      } catch (e) {
        this.#failed(curi, e);
        return true;
      }
    });
  }

  #failed(curi: CrawlUri, error: unknown): void {
    if (!curi.annotations.includes('receiverFailed')) curi.annotations.push('receiverFailed');
    this.config.loggerModule?.runtimeError(curi, error);
  }
}

/** Events read back from the store in key order (their order of arrival), a page at a time. */
async function* storedEvents(sub: StateSublevel): AsyncGenerator<DocumentEvent> {
  let from = '0';
  for (;;) {
    const page = await sub.range(from, ':', LIST_PAGE);
    for (const [, value] of page) yield JSON.parse(value) as DocumentEvent;
    if (page.length < LIST_PAGE) return;
    from = `${page[page.length - 1][0]}\u0000`;
  }
}

async function* inMemory(events: readonly DocumentEvent[]): AsyncGenerator<DocumentEvent> {
  yield* events;
}

/** One event to one pushed receiver, through the method it has for it. */
function tell(receiver: Receiver, event: DocumentEvent, doc: CrawledDocument | undefined): void | Promise<void> {
  switch (event.kind) {
    case 'found':
      return doc && receiver.documentFound(doc);
    case 'new':
      return doc && (receiver.documentNew ? receiver.documentNew(doc) : receiver.documentFound(doc));
    case 'changed':
      return doc && (receiver.documentChanged ? receiver.documentChanged(doc) : receiver.documentFound(doc));
    case 'unchanged':
      return receiver.documentUnchanged?.(event, doc);
    case 'deleted':
      return receiver.documentDeleted?.(event);
  }
}
