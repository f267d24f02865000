import type { ComponentDescriptor, ConfigOf } from '../beans/registry/component-descriptor.js';
import { Configurable } from './configurable.js';
import type { CrawlUri } from './crawl-uri.js';
import { DecideResult } from './decide-result.js';
import type { DecideRule } from './decide-rule.js';

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

  process(curi: CrawlUri): ProcessResult | Promise<ProcessResult> {
    const c = this.configFor(curi);
    const { enabled, shouldProcessRule } = c as ProcessorConfig;
    if (!enabled) return PROCEED;
    if (shouldProcessRule && shouldProcessRule.decisionFor(curi) === DecideResult.REJECT) return PROCEED;
    if (!this.shouldProcess(curi, c)) return PROCEED;
    this.processed++;
    const before = curi.outlinks.length;
    const result = this.innerProcess(curi, c);
    if (result instanceof Promise) return result.then((r) => this.#counted(curi, before, r));
    return this.#counted(curi, before, result);
  }

  #counted(curi: CrawlUri, before: number, result: ProcessResult): ProcessResult {
    if (curi.outlinks.length > before) this.linksAdded += curi.outlinks.length - before;
    return result;
  }

  protected shouldProcess(_curi: CrawlUri, _c: ConfigOf<D>): boolean {
    return true;
  }

  protected abstract innerProcess(curi: CrawlUri, c: ConfigOf<D>): ProcessResult | Promise<ProcessResult>;
}
