import { defineComponent, type ComponentClass, type ConfigOf } from '../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../model/processor-props.js';
import type { CrawlUri } from '../model/crawl-uri.js';
import { FetchStatus } from '../model/fetch-status.js';
import type { Link } from '../model/hop.js';
import { PROCEED, Processor, type ProcessResult } from '../model/processor.js';
import { CandidateAdmission } from './candidate-admission.js';

export const candidatesProcessorComponent = defineComponent({
  name: 'CandidatesProcessor',
  aliases: ['org.archive.crawler.postprocessor.CandidatesProcessor'],
  description:
    'Schedules what a fetch found: a prerequisite (dns:, robots.txt) ahead of the URI that needs it, then each outlink ' +
    'through the candidate chain (scope, preparation) into the frontier. A seed\'s redirect target becomes a seed.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    seedsRedirectNewSeeds: { type: 'boolean', default: true, overlayable: true, description: 'A redirect from a seed makes its target a seed too ' +
      '(and so in scope).' },
    processErrorOutlinks: { type: 'boolean', default: false, overlayable: true, description: 'Also schedule the outlinks of responses below 200 or ' +
      'from 400 up.' },
    maxUriLength: { type: 'integer', default: 2083, minimum: 16, description: 'Longer URIs are written to uri-errors.log and never scheduled.' },
    followRedirects: { type: 'boolean', default: true, overlayable: true, description: 'Schedule redirect targets (R hops), as Heritrix does; ' +
      'false drops them (SMILA\'s followRedirects).' },
    maxRedirects: { type: 'integer', default: 20, minimum: 0, overlayable: true, description: 'A redirect target reached through more than this ' +
      'many redirects in a row is not scheduled (SMILA\'s maxRedirects).' },
  },
  refs: {
    ...PROCESSOR_REFS,
    candidateChain: { kind: 'CandidateChain', required: true, autowire: true, description: 'The chain each candidate goes through.' },
    frontier: { kind: 'Frontier', required: true, autowire: true, description: 'Where candidates are scheduled.' },
    seeds: { kind: 'SeedModule', autowire: true, description: 'Told of seeds found by redirects.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Receives URIs too long to schedule.' },
    sheetOverlaysManager: { kind: 'SheetOverlaysManager', autowire: true, description: 'Gives each candidate the sheets that apply to it, before ' +
      'it is scoped.' },
  },
  load: async (): Promise<ComponentClass> => CandidatesProcessor,
});

type CandidatesConfig = ConfigOf<typeof candidatesProcessorComponent>;

/** Heritrix's CandidatesProcessor: a fetched URI's prerequisite, or its outlinks, go through admission. */
export class CandidatesProcessor extends Processor<typeof candidatesProcessorComponent> {
  readonly #admission: CandidateAdmission;

  constructor(config: CandidatesConfig) {
    super(config);
    this.#admission = new CandidateAdmission(config);
  }

  protected innerProcess(curi: CrawlUri, c: CandidatesConfig): ProcessResult | Promise<ProcessResult> {
    if (curi.prerequisite) return this.#schedulePrerequisite(curi, curi.prerequisite);
    const status = curi.fetchStatus;
    if (curi.outlinks.length === 0 || curi.noFollow) return PROCEED;
    if (!c.processErrorOutlinks && (status < 200 || status >= 400)) return PROCEED;
    // maxOutlinks caps a document's links; a sitemap's M-hop entries are capped by the sitemap extractor instead.
    const limit = this.config.frontier.maxOutlinksFor(curi);
    const pending: Promise<unknown>[] = [];
    let counted = 0;
    for (const link of curi.outlinks) {
      if (link.hop !== 'M' && ++counted > limit) continue;
      const p = this.#scheduleOutlink(curi, link, c);
      if (p) pending.push(p);
    }
    return pending.length ? Promise.all(pending).then(() => PROCEED) : PROCEED;
  }

  /** A prerequisite joins its trigger's queue (deferToPrevious keeps it) and is fetched whatever was seen before. */
  #schedulePrerequisite(curi: CrawlUri, link: Link): ProcessResult | Promise<ProcessResult> {
    const pre = curi.child(link);
    pre.forceFetch = true;
    pre.queueKey = curi.queueKey;
    const done = (scheduled: boolean) => {
      if (!scheduled) curi.fetchStatus = FetchStatus.PREREQUISITE_UNSCHEDULABLE_FAILURE;
      return PROCEED;
    };
    const r = this.#admission.admit(pre, curi);
    return typeof r === 'boolean' ? done(r) : r.then(done);
  }

  #scheduleOutlink(curi: CrawlUri, link: Link, c: CandidatesConfig): undefined | Promise<unknown> {
    if (link.hop === 'R' && !redirectAllowed(curi, c)) return;
    if (link.uri.length > this.config.maxUriLength) {
      this.config.loggerModule?.uriError(link.uri, curi.uri, `longer than maxUriLength (${this.config.maxUriLength})`);
      return;
    }
    const promotesSeed = curi.isSeed && link.hop === 'R' && c.seedsRedirectNewSeeds;
    if (!promotesSeed && this.config.frontier.wasScheduled(link.uri)) return;
    const child = curi.child(link);
    if (promotesSeed) {
      child.isSeed = true;
      this.config.seeds?.addSeed(child.uri);
    }
    const r = this.#admission.admit(child);
    if (typeof r !== 'boolean') return r;
  }
}

/** SMILA's followRedirects/maxRedirects: the redirects in a row that led here, plus this one. */
function redirectAllowed(curi: CrawlUri, c: CandidatesConfig): boolean {
  if (!c.followRedirects) return false;
  let inARow = 1;
  for (let i = curi.hopsPath.length - 1; i >= 0 && curi.hopsPath[i] === 'R'; i--) inARow++;
  return inARow <= c.maxRedirects;
}
