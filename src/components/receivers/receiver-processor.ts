import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import type { CrawledDocument, Receiver } from '../../model/receiver.js';
import { crawledDocumentOf } from './crawled-document.js';
import type { receiverProcessorComponent } from './receiver-processor.descriptor.js';

export type ReceiverProcessorConfig = ConfigOf<typeof receiverProcessorComponent>;

/**
 * Passes each document to the receivers (SAP's provider thread): asks them first whether a
 * collection's links may be followed, then calls documentFound on each. A receiver's promise
 * holds the URI until it settles; its error is logged, never passed on to the crawl.
 */
export class ReceiverProcessor extends Processor {
  /** Documents passed to the receivers. */
  documents = 0;

  constructor(override readonly config: ReceiverProcessorConfig) {
    super(config);
  }

  protected innerProcess(curi: CrawlUri): ProcessResult | Promise<ProcessResult> {
    if (this.config.testMode) return PROCEED;
    const doc = crawledDocumentOf(curi);
    if (doc === undefined) return PROCEED;
    this.documents++;
    if (doc.outlinks.length > 0 && !curi.noFollow && !this.#approved(curi, doc)) {
      curi.noFollow = true;
      curi.annotations.push('collectionRefused');
    }
    const pending: Promise<void>[] = [];
    for (const receiver of this.config.receivers) {
      try {
        const p = receiver.documentFound(doc);
        if (p) pending.push(p.catch((e: unknown) => this.#failed(curi, e)));
      } catch (e) {
        this.#failed(curi, e);
      }
    }
    return pending.length ? Promise.all(pending).then(() => PROCEED) : PROCEED;
  }

  /** Every receiver must approve; one that throws is taken to approve. */
  #approved(curi: CrawlUri, doc: CrawledDocument): boolean {
    return this.config.receivers.every((r: Receiver) => {
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
