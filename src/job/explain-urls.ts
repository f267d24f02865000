import type { ComponentDescriptor } from '../beans/registry/component-descriptor.js';
import type { ResolvedGraph } from '../beans/resolve/resolved-bean.js';
import { Configurable } from '../model/configurable.js';
import { CrawlUri } from '../model/crawl-uri.js';
import type { DecideRule } from '../model/decide-rule.js';
import { FetchStatus } from '../model/fetch-status.js';
import type { Processor } from '../model/processor.js';
import type { ProcessorChain } from '../model/processor-chain.js';
import { CandidateAdmission } from '../engine/candidate-admission.js';
import type { DispositionProcessor } from '../engine/disposition-processor.js';
import { hostKeyOf } from '../components/fetch/host-key-of.js';
import { httpUrlOf } from '../components/fetch/http-url-of.js';
import { describeRobotsVerdict, robotsVerdict } from '../components/fetch/robots-verdict.js';
import { describeUsage, usagePreferencesOf } from '../model/usage-preferences-of.js';
import type { CrawlMetadataInfo } from '../model/crawl-metadata-info.js';
import { describeRefusals, refusedPurposes } from '../model/usage-purposes.js';
import type { ServerCache } from '../model/server-cache.js';
import type { Sheet } from '../sheets/sheet.js';
import type { SheetOverlaysManager } from '../sheets/sheet-overlays-manager.js';
import { formatLocation } from '../util/source-location.js';
import { normalizeUrl } from '../util/url/normalize-url.js';

import type { RuleVerdict, OverrideExplained, ExplainedFrom, Explanation } from '../wire/explanation.js';

export type { RuleVerdict, OverrideExplained, ExplainedFrom, Explanation };

/** The beans an explanation reads, by role; each absent when the job has none. */
interface ExplainerBeans { scope?: string; preparer?: string; manager?: string; chain?: string; disposition?: string }

/** The BrowserProcessor bean, read from its configuration only (never built for explain: it would empty its cache folder). */
function browserBean(resolved: ResolvedGraph): string | undefined {
  return resolved.beans.find((b) => b.descriptor.name === 'BrowserProcessor')?.id;
}

function explainerBeans(resolved: ResolvedGraph): ExplainerBeans {
  const idOf = (kind: string, name?: string) => resolved.beans.find((b) => (name ? b.id === name : true) && b.descriptor.kinds.includes(kind))?.id;
  return {
    scope: idOf('DecideRule', 'scope'),
    preparer: resolved.beans.find((b) => b.descriptor.name === 'FrontierPreparer')?.id,
    manager: idOf('SheetOverlaysManager'),
    chain: idOf('CandidateChain'),
    disposition: resolved.beans.find((b) => b.descriptor.name === 'DispositionProcessor')?.id,
  };
}

/** The beans a container must start for `explainerFor` (with what they depend on). */
export function explainerBeanIds(resolved: ResolvedGraph): string[] {
  return Object.values(explainerBeans(resolved)).filter((x): x is string => !!x);
}

/**
 * What the job does with URLs, from a started container: `explain` with a container of its own
 * (explain-job.ts) when no crawl of the job runs, and the running crawl with its own container
 * (through the control socket) when one does. Nothing is fetched or scheduled.
 */
export function explainerFor(resolved: ResolvedGraph, get: <T>(id: string) => T, from: ExplainedFrom): (urls: readonly string[]) => Explanation[] {
  const ids = explainerBeans(resolved);
  const manager = ids.manager ? get<SheetOverlaysManager>(ids.manager) : undefined;
  const chain = ids.chain ? get<ProcessorChain>(ids.chain) : undefined;
  const parts: Parts = {
    from,
    ruleIds: (ids.scope && resolved.byId.get(ids.scope)?.refs.find((r) => r.property === 'rules')?.ids) || [],
    scope: ids.scope ? get<DecideRule & { rules?: readonly DecideRule[] }>(ids.scope) : undefined,
    preparer: ids.preparer ? get<Processor>(ids.preparer) : undefined,
    manager,
    admission: chain ? new CandidateAdmission({ candidateChain: chain, sheetOverlaysManager: manager }) : undefined,
    disposition: ids.disposition ? get<DispositionProcessor>(ids.disposition) : undefined,
    browser: browserBean(resolved),
    resolved,
    // A running crawl's base values are its values now (a live change is a new base); a container
    // started for explain has the resolved ones.
    baseOf: (beanId) => {
      const resolvedConfig = resolved.byId.get(beanId)?.config ?? {};
      if (from !== 'running-crawl' || !resolved.byId.has(beanId)) return resolvedConfig;
      const bean = (() => {
        try {
          return get<unknown>(beanId);
        } catch {
          return undefined;
        }
      })();
      return bean instanceof Configurable ? (bean.config as Record<string, unknown>) : resolvedConfig;
    },
  };
  // robots.txt is known to a running crawl only: what its ServerCache holds, read as its precondition enforcer reads it.
  if (from === 'running-crawl') {
    const serverCache = resolved.beans.find((b) => b.descriptor.kinds.includes('ServerCache'))?.id;
    const metadata = resolved.beans.find((b) => b.descriptor.kinds.includes('CrawlMetadata'))?.id;
    if (serverCache && metadata) parts.robots = { serverCache: get<ServerCache>(serverCache), metadata: get<CrawlMetadataInfo>(metadata) };
  }
  return (urls) => urls.map((url) => explainOne(url, parts));
}

interface Parts {
  from: ExplainedFrom;
  ruleIds: readonly string[];
  scope?: DecideRule & { rules?: readonly DecideRule[] };
  preparer?: Processor;
  manager?: SheetOverlaysManager;
  admission?: CandidateAdmission;
  disposition?: DispositionProcessor;
  browser?: string;
  resolved: ResolvedGraph;
  baseOf: (beanId: string) => Readonly<Record<string, unknown>>;
  /** The running crawl's ServerCache and metadata (user agent, robots policy). */
  robots?: { serverCache: ServerCache; metadata: CrawlMetadataInfo };
}

function explainOne(url: string, p: Parts): Explanation {
  const normalized = normalizeUrl(url);
  if (!normalized) return { url, from: p.from, normalized, rules: [], sheets: [], overrides: [], robots: 'does not apply (not a crawlable URL)' };
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
  const robots = robotsOf(curi, p);
  const usage = usageOf(curi, p);
  const divertedTo = curi.fetchStatus === FetchStatus.BLOCKED_BY_CUSTOM_PROCESSOR
    ? curi.annotations.find((a) => a.startsWith('to:'))?.slice(3) : undefined;
  return {
    url, from: p.from, normalized, surt: curi.candidateSurt, uniquenessKey: curi.canonicalKey || undefined, queueKey: curi.queueKey || undefined,
    cost: curi.queueKey ? curi.cost : undefined, rules, decision, divertedTo, sheets: p.manager?.explain(curi) ?? [], overrides: overridesOf(curi, p.baseOf), robots, ...(usage !== undefined ? { usage } : {}),
    politeness: d ? { minDelayMs: d.minDelayMs, maxDelayMs: d.maxDelayMs, delayFactor: d.delayFactor, respectCrawlDelayUpToSeconds: d.respectCrawlDelayUpToSeconds } : undefined,
    rendering: renderingOf(curi, p),
  };
}

/** The browser bean's `enabled` as the URI's sheets make it, and the last sheet that set it. */
function renderingOf(curi: CrawlUri, p: Parts): Explanation['rendering'] {
  const bean = p.browser;
  if (bean === undefined) return undefined;
  const view = new ConfigurationOnly(p.baseOf(bean) as Readonly<Record<string, unknown>>);
  view.beanName = bean;
  const setBy = [...((curi.overlay?.sheets ?? []) as Sheet[])].reverse().find((s) => s.values.get(bean)?.enabled !== undefined);
  return { bean, enabled: view.configFor(curi).enabled !== false, ...(setBy ? { sheet: setBy.name } : {}) };
}

/** A bean's configuration read through the sheets as its component would read it, the component never built. */
class ConfigurationOnly extends Configurable<ComponentDescriptor> {}

/**
 * What robots.txt says of the URI: a running crawl's verdict, from its ServerCache under the key its
 * precondition enforcer and fetcher use (`host:port` when the port is not the scheme's).
 */
function robotsOf(curi: CrawlUri, p: Parts): string {
  const url = httpUrlOf(curi);
  if (url === undefined) return 'does not apply (not an http or https URL)';
  if (!p.robots) return 'not known here: a running crawl fetches robots.txt before the first URI of each server (explain while the crawl runs to ' +
    'see its verdict)';
  const key = hostKeyOf(url);
  const { userAgent, robotsPolicyName } = p.robots.metadata.forUri(curi);
  return describeRobotsVerdict(robotsVerdict(p.robots.serverCache.peek?.(key), robotsPolicyName, userAgent, curi.uri), key, userAgent);
}

/**
 * The usage preferences the URI's robots.txt states for the crawler, as a running crawl holds it
 * (what FetchHttp records with the capture, less a Content-Usage header only the fetch sees).
 */
function usageOf(curi: CrawlUri, p: Parts): string | undefined {
  const url = httpUrlOf(curi);
  if (url === undefined || !p.robots) return undefined;
  const server = p.robots.serverCache.peek?.(hostKeyOf(url));
  if (server?.robots === undefined) return undefined;
  const preferences = usagePreferencesOf(server.robots, p.robots.metadata.forUri(curi).userAgent, curi.uri);
  const malformed = server.robots.malformedPreferences ?? [];
  const stated = malformed.length === 0 ? describeUsage(preferences) : `${describeUsage(preferences)}; robots.txt lines not read: ${malformed.join('; ')}`;
  const purposes = p.robots.metadata.purposes ?? [];
  if (purposes.length === 0) return stated;
  const refusals = refusedPurposes(preferences, purposes);
  return `${stated}; the crawl's purposes (${purposes.join(', ')}): ${refusals.length === 0 ? 'none refused' : `refused ${describeRefusals(refusals)}`}`;
}

/** Every overlayable value the URI's sheets change, with the sheet and the place it was written. */
function overridesOf(curi: CrawlUri, baseOf: Parts['baseOf']): OverrideExplained[] {
  const out: OverrideExplained[] = [];
  for (const sheet of (curi.overlay?.sheets ?? []) as Sheet[]) {
    for (const [beanId, values] of sheet.values) {
      const base = baseOf(beanId);
      for (const [prop, value] of Object.entries(values)) {
        if (JSON.stringify(base[prop]) === JSON.stringify(value)) continue;
        const at = sheet.config.primedAt?.get(`${beanId}.${prop}`);
        out.push({ property: `${beanId}.${prop}`, value, base: base[prop], sheet: sheet.name, at: at ? formatLocation(at) : undefined });
      }
    }
  }
  return out;
}
