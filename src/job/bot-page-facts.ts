import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import type { ResolvedBean, ResolvedGraph } from '../beans/resolve/resolved-bean.js';
import { operatorIdentity, type CrawlMetadataConfig } from '../components/metadata/crawl-metadata.js';
import { KEY_DIRECTORY_PATH } from '../util/http-signatures/key-directory.js';
import { robotsProductToken } from '../util/url/robots/robots-product-token.js';

/** What the bot page says of a job, read from its verified configuration and its key directory. */
export interface BotPageFacts {
  readonly jobName: string;
  readonly operator: string;
  readonly organization: string;
  readonly description: string;
  readonly contactUrl: string;
  readonly from: string;
  readonly userAgent: string;
  /** The token robots.txt groups are matched against (`User-agent: beancrawl`). */
  readonly robotsToken: string;
  readonly purposes: readonly string[];
  readonly robotsPolicy: string;
  readonly politeness?: { readonly delayFactor: number; readonly minDelayMs: number; readonly maxDelayMs: number; readonly crawlDelayUpToSeconds: number };
  readonly retireOnPaymentRequired: boolean;
  /** Workers for all sites together. */
  readonly workers?: number;
  /** The queue assignment policy's class: what "one request at a time per queue" means. */
  readonly queuesBy?: string;
  /** Where each UsagePreferenceDecideRule acts: `scope` (not fetched), `receivers` (not handed on), or `BEAN.PROPERTY`. */
  readonly usageRules: readonly string[];
  readonly signing?: { readonly agent: string; readonly directoryUrl?: string; readonly keyIds: readonly string[] };
}

const bean = (g: ResolvedGraph, test: (b: ResolvedBean) => boolean) => g.beans.find(test);
const ofClass = (g: ResolvedGraph, name: string) => bean(g, (b) => b.descriptor.name === name);

/** The facts of a job's bot page: its metadata, politeness, robots and preferences honoured, and signing keys. */
export async function botPageFacts(resolved: ResolvedGraph, jobDir: string): Promise<BotPageFacts> {
  const metadata = (bean(resolved, (b) => b.descriptor.kinds.includes('CrawlMetadata'))?.config ?? {}) as Partial<CrawlMetadataConfig>;
  const identity = operatorIdentity({
    operatorContactUrl: metadata.operatorContactUrl ?? '', operatorFrom: metadata.operatorFrom ?? '', robotsPolicyName: metadata.robotsPolicyName ?? 'obey',
    userAgentTemplate: metadata.userAgentTemplate ?? '',
  });
  const disposition = ofClass(resolved, 'DispositionProcessor')?.config;
  const controller = ofClass(resolved, 'CrawlController')?.config;
  return {
    jobName: metadata.jobName ?? '', operator: metadata.operator ?? '', organization: metadata.organization ?? '', description: metadata.description ?? '',
    contactUrl: identity.operatorContactUrl, from: identity.operatorFrom, userAgent: identity.userAgent, robotsToken: robotsProductToken(identity.userAgent),
    purposes: metadata.purposes ?? [], robotsPolicy: identity.robotsPolicyName,
    politeness: disposition && {
      delayFactor: Number(disposition.delayFactor), minDelayMs: Number(disposition.minDelayMs), maxDelayMs: Number(disposition.maxDelayMs),
      crawlDelayUpToSeconds: Number(disposition.respectCrawlDelayUpToSeconds),
    },
    retireOnPaymentRequired: disposition?.retireOnPaymentRequired !== false,
    workers: controller ? Number(controller.maxToeThreads) : undefined,
    queuesBy: bean(resolved, (b) => b.descriptor.kinds.includes('QueueAssignmentPolicy'))?.descriptor.name,
    usageRules: usageRulePlaces(resolved),
    signing: await signingOf(resolved, jobDir),
  };
}

/** Where each UsagePreferenceDecideRule is referenced from. */
function usageRulePlaces(resolved: ResolvedGraph): string[] {
  const rules = new Set(resolved.beans.filter((b) => b.descriptor.name === 'UsagePreferenceDecideRule').map((b) => b.id));
  const places: string[] = [];
  for (const owner of resolved.beans) {
    for (const ref of owner.refs) {
      if (!ref.ids.some((id) => rules.has(id))) continue;
      if (owner.id === 'scope' && ref.property === 'rules') places.push('scope');
      else if (owner.descriptor.name === 'ReceiverProcessor' && ref.property === 'shouldProcessRule') places.push('receivers');
      else places.push(`${owner.id}.${ref.property}`);
    }
  }
  return places;
}

/** Signing as FetchHttp is set: the agent, and the key ids of the key directory beside its key, when there is one. */
async function signingOf(resolved: ResolvedGraph, jobDir: string): Promise<BotPageFacts['signing']> {
  const fetch = ofClass(resolved, 'FetchHttp')?.config;
  if (!fetch) return undefined;
  const keyFile = String(fetch.signingKeyFile ?? '');
  const directoryFile = join(dirname(isAbsolute(keyFile) ? keyFile : join(jobDir, keyFile)), 'http-message-signatures-directory');
  const keyIds = await keyIdsIn(directoryFile);
  const agent = String(fetch.signatureAgent ?? '');
  if (fetch.signRequests !== true && keyIds.length === 0) return undefined;
  return { agent, directoryUrl: agent === '' ? undefined : `${agent.replace(/\/+$/, '')}${KEY_DIRECTORY_PATH}`, keyIds };
}

/** The key ids a key directory lists; none when there is no directory, or one that cannot be read or is not a JWKS. */
async function keyIdsIn(directoryFile: string): Promise<string[]> {
  try {
    const keys = (JSON.parse(await readFile(directoryFile, 'utf8')) as { keys?: { kid?: unknown }[] }).keys;
    return Array.isArray(keys) ? keys.map((k) => String(k?.kid ?? '')).filter(Boolean) : [];
  } catch {
    // No key directory, or not one: the page names no key id and says only what signing is set to.
    return [];
  }
}
