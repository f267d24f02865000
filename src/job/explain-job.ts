import { BeanContainer } from '../beans/container/bean-container.js';
import { loadEngineSettings } from '../beans/engine-settings.js';
import type { ResolvedGraph } from '../beans/resolve/resolved-bean.js';
import { CrawlUri } from '../model/crawl-uri.js';
import type { DecideRule } from '../model/decide-rule.js';
import { FetchStatus } from '../model/fetch-status.js';
import type { Processor } from '../model/processor.js';
import type { ProcessorChain } from '../model/processor-chain.js';
import { CandidateAdmission } from '../engine/candidate-admission.js';
import type { DispositionProcessor } from '../engine/disposition-processor.js';
import type { Sheet } from '../sheets/sheet.js';
import type { SheetOverlaysManager } from '../sheets/sheet-overlays-manager.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { isError } from '../util/diagnostic.js';
import { packageRoot } from '../util/package-root.js';
import { formatLocation } from '../util/source-location.js';
import { normalizeUrl } from '../util/url/normalize-url.js';
import { verifyJob } from './verify-job.js';

export interface RuleVerdict { readonly index: number; readonly rule: string; readonly className: string; readonly decision: string }
export interface OverrideExplained { readonly property: string; readonly value: unknown; readonly base: unknown; readonly sheet: string; readonly at?: string }

export interface Explanation {
  readonly url: string;
  readonly normalized: string | null;
  readonly surt?: string;
  readonly uniquenessKey?: string;
  readonly queueKey?: string;
  /** What the URI costs its queue's budgets (the preparer's costAssignmentPolicy). */
  readonly cost?: number;
  readonly rules: RuleVerdict[];
  readonly decision?: { readonly decision: string; readonly rule?: string; readonly index?: number };
  /** The crawler a crawl mapper of the candidate chain (HashCrawlMapper) gives the URI to instead of scheduling it here. */
  readonly divertedTo?: string;
  readonly sheets: Array<{ sheet: string; because: string }>;
  readonly overrides: OverrideExplained[];
  readonly politeness?: { readonly minDelayMs: number; readonly maxDelayMs: number; readonly delayFactor: number; readonly respectCrawlDelayUpToSeconds: number };
  readonly robots: string;
}

/**
 * `beancrawl explain`: what the configuration will do with each URL, without fetching: keys,
 * every scope rule's verdict, the sheets that apply and the values they change, politeness.
 * Starts only the beans that scope and preparation need (no state store, no network).
 */
export async function explainJob(target: string, urls: readonly string[], sets: readonly string[] = []): Promise<Explanation[]> {
  const verified = await verifyJob(target, { sets });
  if (verified.diagnostics.some(isError)) throw new BeancrawlError(verified.diagnostics.filter(isError));
  const resolved = verified.resolved!;
  const idOf = (kind: string, name?: string) => resolved.beans.find((b) => (name ? b.id === name : true) && b.descriptor.kinds.includes(kind))?.id;
  const scopeId = idOf('DecideRule', 'scope');
  const preparerId = resolved.beans.find((b) => b.descriptor.name === 'FrontierPreparer')?.id;
  const managerId = idOf('SheetOverlaysManager');
  const dispositionId = resolved.beans.find((b) => b.descriptor.name === 'DispositionProcessor')?.id;
  const chainId = idOf('CandidateChain');
  const wanted = [scopeId, preparerId, managerId, chainId, dispositionId].filter((x): x is string => !!x);
  const container = await BeanContainer.build(resolved, await loadEngineSettings(packageRoot()));
  await container.start(wanted);
  try {
    const ruleIds = (scopeId && resolved.byId.get(scopeId)?.refs.find((r) => r.property === 'rules')?.ids) || [];
    const manager = managerId ? container.get<SheetOverlaysManager>(managerId) : undefined;
    const chain = chainId ? container.get<ProcessorChain>(chainId) : undefined;
    return urls.map((url) => explainOne(url, {
      ruleIds,
      scope: scopeId ? container.get<DecideRule & { rules?: readonly DecideRule[] }>(scopeId) : undefined,
      preparer: preparerId ? container.get<Processor>(preparerId) : undefined,
      manager,
      admission: chain ? new CandidateAdmission({ candidateChain: chain, sheetOverlaysManager: manager }) : undefined,
      disposition: dispositionId ? container.get<DispositionProcessor>(dispositionId) : undefined,
      resolved,
    }));
  } finally {
    await container.stop();
  }
}

interface Parts {
  ruleIds: readonly string[];
  scope?: DecideRule & { rules?: readonly DecideRule[] };
  preparer?: Processor;
  manager?: SheetOverlaysManager;
  admission?: CandidateAdmission;
  disposition?: DispositionProcessor;
  resolved: ResolvedGraph;
}

function explainOne(url: string, p: Parts): Explanation {
  const normalized = normalizeUrl(url);
  const robots = 'no cached robots.txt verdict: robots.txt is fetched during a crawl and not kept between runs yet';
  if (!normalized) return { url, normalized, rules: [], sheets: [], overrides: [], robots };
  const curi = new CrawlUri(normalized, { isSeed: false, hopsPath: 'L' });
  curi.judgedOnly = true;
  // The crawl's own path: the sheets and the candidate chain as admission runs them (a chain is synchronous without I/O).
  if (p.admission) void p.admission.judge(curi);
  else curi.overlay = p.manager?.overlayFor(curi);
  // Keys are shown for a URI out of scope too, though the chain stopped before preparing it.
  if (!curi.queueKey) p.preparer?.process(curi);
  const rules = (p.scope?.rules ?? []).map((r, i) => ({
    index: i + 1, rule: p.ruleIds[i] ?? `#${i + 1}`, className: p.resolved.byId.get(p.ruleIds[i])?.descriptor.name ?? r.constructor.name, decision: r.decisionFor(curi),
  }));
  const last = [...rules].reverse().find((r) => r.decision !== 'NONE');
  const decision = p.scope ? { decision: p.scope.decisionFor(curi), rule: last?.rule, index: last?.index } : undefined;
  const d = p.disposition?.politenessFor(curi);
  const divertedTo = curi.fetchStatus === FetchStatus.BLOCKED_BY_CUSTOM_PROCESSOR
    ? curi.annotations.find((a) => a.startsWith('to:'))?.slice(3) : undefined;
  return {
    url, normalized, surt: curi.candidateSurt, uniquenessKey: curi.canonicalKey || undefined, queueKey: curi.queueKey || undefined,
    cost: curi.queueKey ? curi.cost : undefined, rules, decision, divertedTo, sheets: p.manager?.explain(curi) ?? [], overrides: overridesOf(curi, p.resolved), robots,
    politeness: d ? { minDelayMs: d.minDelayMs, maxDelayMs: d.maxDelayMs, delayFactor: d.delayFactor, respectCrawlDelayUpToSeconds: d.respectCrawlDelayUpToSeconds } : undefined,
  };
}

/** Every overlayable value the URI's sheets change, with the sheet and the place it was written. */
function overridesOf(curi: CrawlUri, resolved: ResolvedGraph): OverrideExplained[] {
  const out: OverrideExplained[] = [];
  for (const sheet of (curi.overlay?.sheets ?? []) as Sheet[]) {
    for (const [beanId, values] of sheet.values) {
      const base = resolved.byId.get(beanId)?.config ?? {};
      for (const [prop, value] of Object.entries(values)) {
        if (JSON.stringify(base[prop]) === JSON.stringify(value)) continue;
        const at = sheet.config.primedAt?.get(`${beanId}.${prop}`);
        out.push({ property: `${beanId}.${prop}`, value, base: base[prop], sheet: sheet.name, at: at ? formatLocation(at) : undefined });
      }
    }
  }
  return out;
}
