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
 * Heritrix's Processor template: `process` checks `enabled`, then `shouldProcessRule` (the URI
 * is processed only when the rule accepts it; no rule accepts all), then `shouldProcess`, and
 * only then calls `innerProcess`. Results may be synchronous: the chain awaits only promises.
 */
export abstract class Processor {
  /** The bean id, set by the chain that holds it (for jumps and reports). */
  beanName = '';
  /** URIs handed to innerProcess. */
  processed = 0;

  constructor(readonly config: ProcessorConfig) {}

  process(curi: CrawlUri): ProcessResult | Promise<ProcessResult> {
    if (!(curi.overlay ? curi.configFor(this.beanName, this.config).enabled : this.config.enabled)) return PROCEED;
    const rule = this.config.shouldProcessRule;
    if (rule && rule.decisionFor(curi) !== DecideResult.ACCEPT) return PROCEED;
    if (!this.shouldProcess(curi)) return PROCEED;
    this.processed++;
    return this.innerProcess(curi);
  }

  protected shouldProcess(_curi: CrawlUri): boolean {
    return true;
  }

  protected abstract innerProcess(curi: CrawlUri): ProcessResult | Promise<ProcessResult>;
}
