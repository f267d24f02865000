import type { ComponentDescriptor, ConfigOf } from '../beans/registry/component-descriptor.js';
import { Configurable } from './configurable.js';
import type { CrawlUri } from './crawl-uri.js';
import { DecideResult } from './decide-result.js';
import type { DecideRule } from './decide-rule.js';
import type { ProcessorChain } from './processor-chain.js';

/** What a processor tells its chain: go on, stop this URI's chain, or jump to a named processor. */
export type ProcessResult = 'PROCEED' | 'FINISH' | { readonly jump: string };

export const PROCEED: ProcessResult = 'PROCEED';
export const FINISH: ProcessResult = 'FINISH';

export interface ProcessorConfig {
  readonly enabled: boolean;
  readonly shouldProcessRule?: DecideRule;
}

/**
 * Heritrix's Processor template. `process` takes the URI's view of the configuration once (its
 * sheets applied), checks `enabled`, then `shouldProcessRule` (skipped only when the rule says
 * REJECT, as in Heritrix), then `shouldProcess`, and only then calls `innerProcess`; both get the
 * view. Results may be synchronous: the chain awaits only promises.
 */
export abstract class Processor<D extends ComponentDescriptor = ComponentDescriptor> extends Configurable<D> {
  /** URIs handed to innerProcess. */
  processed = 0;
  /** Outlinks innerProcess added (an extractor's links, for processors-report.txt). */
  linksAdded = 0;
  /**
   * The class processors-report.txt names, as Heritrix's report names its Java class: set by the
   * bean container to the Heritrix class the component stands for (its `org.archive.` alias), else
   * to the component's name.
   */
  reportClassName = '';

  /**
   * True for a processor that only writes what was fetched somewhere (WARC files, a mirror, the
   * receivers): it writes behind. `process` checks `enabled`, the rule and `shouldProcess` as for
   * any processor, calls `ahead` (what the chain must see before it goes on), then hands
   * innerProcess to the URI's lane (CrawlUri.behind), after the work the processors before it
   * handed there, and the chain goes on at once, and so does the URI's queue: the next URI of the
   * site is fetched while this one is compressed and written. The frontier counts the URI done
   * (crawl.log, the state) once its lane has ended; a crash before then does the URI again, as for
   * any URI in flight. What innerProcess returns is not used.
   */
  protected get writesBehind(): boolean {
    return false;
  }

  /**
   * The part of a processor writing behind that the rest of the chain depends on, done before the
   * chain goes on: PROCEED, or FINISH (a writer's byte limit reached); a receiver's refusal of a
   * collection's links (noFollow) is set here.
   */
  protected ahead(_curi: CrawlUri, _c: ConfigOf<D>): ProcessResult {
    return PROCEED;
  }

  /** Processes the URI, its work done when the result is (a processor writing behind included). */
  process(curi: CrawlUri): ProcessResult | Promise<ProcessResult> {
    return this.#process(curi, false);
  }

  /**
   * How a chain runs the processor: as `process`, but one writing behind hands innerProcess to
   * the URI's lane and answers with `ahead`'s result at once.
   */
  processInChain(curi: CrawlUri): ProcessResult | Promise<ProcessResult> {
    return this.#process(curi, true);
  }

  #process(curi: CrawlUri, inChain: boolean): ProcessResult | Promise<ProcessResult> {
    const c = this.configFor(curi);
    const { enabled, shouldProcessRule } = c as ProcessorConfig;
    if (!enabled) return PROCEED;
    if (shouldProcessRule && shouldProcessRule.decisionFor(curi) === DecideResult.REJECT) return PROCEED;
    if (!this.shouldProcess(curi, c)) return PROCEED;
    this.processed++;
    if (this.writesBehind) {
      const ahead = this.ahead(curi, c);
      if (!inChain) return this.innerProcess(curi, c);
      curi.behind(() => this.innerProcess(curi, c));
      return ahead;
    }
    const before = curi.outlinks.length;
    const result = this.innerProcess(curi, c);
    if (result instanceof Promise) return result.then((r) => this.#counted(curi, before, r));
    return this.#counted(curi, before, result);
  }

  #counted(curi: CrawlUri, before: number, result: ProcessResult): ProcessResult {
    if (curi.outlinks.length > before) this.linksAdded += curi.outlinks.length - before;
    return result;
  }

  /**
   * Told of each chain the processor is put in, as the chain is built: a processor that runs URIs
   * of its own through its chain (BrowserProcessor, for a page's requests) keeps it. None by default.
   */
  joinedChain(_chain: ProcessorChain): void {}

  /** Lines processors-report.txt adds under this processor's count of links (none by default). */
  reportLines(): string[] {
    return [];
  }

  protected shouldProcess(_curi: CrawlUri, _c: ConfigOf<D>): boolean {
    return true;
  }

  protected abstract innerProcess(curi: CrawlUri, c: ConfigOf<D>): ProcessResult | Promise<ProcessResult>;
}
