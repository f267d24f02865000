import type { ConfigOf } from '../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../model/crawl-uri.js';
import { FetchStatus } from '../model/fetch-status.js';
import type { Link } from '../model/hop.js';
import { PROCEED, Processor, type ProcessResult } from '../model/processor.js';
import type { candidatesProcessorComponent } from './candidates-processor.descriptor.js';

/** Heritrix's CandidatesProcessor. */
export class CandidatesProcessor extends Processor {
  constructor(readonly props: ConfigOf<typeof candidatesProcessorComponent>) {
    super(props);
  }

  protected innerProcess(curi: CrawlUri): ProcessResult | Promise<ProcessResult> {
    if (curi.prerequisite) return this.#schedulePrerequisite(curi, curi.prerequisite);
    const status = curi.fetchStatus;
    if (curi.outlinks.length === 0 || curi.noFollow) return PROCEED;
    if (!this.props.processErrorOutlinks && (status < 200 || status >= 400)) return PROCEED;
    // maxOutlinks caps a document's links; a sitemap's M-hop entries are capped by the sitemap extractor instead.
    const limit = this.props.frontier.maxOutlinks;
    const pending: Promise<void>[] = [];
    let counted = 0;
    for (const link of curi.outlinks) {
      if (link.hop !== 'M' && ++counted > limit) continue;
      const p = this.#scheduleOutlink(curi, link);
      if (p) pending.push(p);
    }
    return pending.length ? Promise.all(pending).then(() => PROCEED) : PROCEED;
  }

  #schedulePrerequisite(curi: CrawlUri, link: Link): ProcessResult | Promise<ProcessResult> {
    const pre = curi.child(link);
    pre.forceFetch = true;
    pre.overlay = curi.overlay; // a prerequisite follows its trigger's sheets
    pre.queueKey = curi.queueKey; // and joins its trigger's queue (deferToPrevious keeps it)
    const done = () => {
      if (pre.fetchStatus === FetchStatus.OUT_OF_SCOPE) curi.fetchStatus = FetchStatus.PREREQUISITE_UNSCHEDULABLE_FAILURE;
      else this.props.frontier.schedule(pre);
      return PROCEED;
    };
    const r = this.props.candidateChain.run(pre);
    return r ? r.then(done) : done();
  }

  #scheduleOutlink(curi: CrawlUri, link: Link): void | Promise<void> {
    if (link.hop === 'R' && !this.#redirectAllowed(curi)) return;
    if (link.uri.length > this.props.maxUriLength) {
      this.props.loggerModule?.uriError(link.uri, curi.uri, `longer than maxUriLength (${this.props.maxUriLength})`);
      return;
    }
    const promotesSeed = curi.isSeed && link.hop === 'R' && this.props.seedsRedirectNewSeeds;
    if (!promotesSeed && this.props.frontier.wasScheduled(link.uri)) return;
    const child = curi.child(link);
    if (promotesSeed) {
      child.isSeed = true;
      this.props.seeds?.addSeed(child.uri);
    }
    child.overlay = this.props.sheetOverlaysManager?.overlayFor(child.uri, child);
    const r = this.props.candidateChain.run(child);
    if (r) return r.then(() => this.#schedule(child));
    this.#schedule(child);
  }

  /** SMILA's followRedirects/maxRedirects: the redirects in a row that led here, plus this one. */
  #redirectAllowed(curi: CrawlUri): boolean {
    const { followRedirects, maxRedirects } = curi.configFor(this.beanName, this.props);
    if (!followRedirects) return false;
    let inARow = 1;
    for (let i = curi.hopsPath.length - 1; i >= 0 && curi.hopsPath[i] === 'R'; i--) inARow++;
    return inARow <= maxRedirects;
  }

  #schedule(child: CrawlUri): void {
    if (child.fetchStatus !== FetchStatus.OUT_OF_SCOPE) this.props.frontier.schedule(child);
  }
}
