import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { FINISH, PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { sharedStoreOf } from '../../model/shared-crawl.js';
import { finishWith } from './finish-with.js';
import { QuotaTallies, quotaKeysOf, type FetchTally, type QuotaCategory } from './quota-tallies.js';
import { QUOTA_TALLIES_TABLE, SharedQuotaTallies, type QuotaCount } from './shared-quota-tallies.js';

const WHOLE = { server: 'one server (host and port; https apart from http)', host: 'one host name, whatever the port', group: 'one queue' } as const;

/** One quota: a limit per server, host or queue, -1 for none (Heritrix's default). */
const quota = (what: string, category: QuotaCategory) =>
  ({ type: 'integer', default: -1, minimum: -1, overlayable: true, description: `At most this many ${what} from ${WHOLE[category]}; -1 no limit.` }) as const;

export const quotaEnforcerComponent = defineComponent({
  name: 'QuotaEnforcer',
  aliases: ['org.archive.crawler.prefetch.QuotaEnforcer'],
  description:
    'Fetch chain, after the preconditions: stops fetching from a server, host or queue (group) once it has yielded as much as ' +
    'a quota allows. Before each URI it compares what the URI\'s server, host and queue have yielded so far (counted from the ' +
    'URIs the frontier finished, kept in the state store across a resumed crawl; in a crawl that workers share through Redis, ' +
    'kept in Redis, crawl-wide, whichever worker fetched) with each quota; at the first one reached the ' +
    'URI is annotated `Q:<quota>` and, with forceRetire, left unfetched at the head of its queue, which is retired; without it, ' +
    'the URI finishes with status -5003 (blocked by quota). KB quotas count body bytes in whole KiB. A quota is reached when ' +
    'the count equals it, so a quota of 0 fetches nothing.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    serverMaxFetchSuccesses: quota('successful fetches (any positive status)', 'server'),
    serverMaxSuccessKb: quota('KB of successful fetches', 'server'),
    serverMaxFetchResponses: quota('responses (errors included)', 'server'),
    serverMaxAllKb: quota('KB of responses (errors included)', 'server'),
    serverMaxNovelKb: quota('KB of responses that were not revisits (unchanged in a delta run)', 'server'),
    serverMaxNovelUrls: quota('responses that were not revisits (unchanged in a delta run)', 'server'),
    hostMaxFetchSuccesses: quota('successful fetches (any positive status)', 'host'),
    hostMaxSuccessKb: quota('KB of successful fetches', 'host'),
    hostMaxFetchResponses: quota('responses (errors included)', 'host'),
    hostMaxAllKb: quota('KB of responses (errors included)', 'host'),
    hostMaxNovelKb: quota('KB of responses that were not revisits (unchanged in a delta run)', 'host'),
    hostMaxNovelUrls: quota('responses that were not revisits (unchanged in a delta run)', 'host'),
    groupMaxFetchSuccesses: quota('successful fetches (any positive status)', 'group'),
    groupMaxSuccessKb: quota('KB of successful fetches', 'group'),
    groupMaxFetchResponses: quota('responses (errors included)', 'group'),
    groupMaxAllKb: quota('KB of responses (errors included)', 'group'),
    groupMaxNovelKb: quota('KB of responses that were not revisits (unchanged in a delta run)', 'group'),
    groupMaxNovelUrls: quota('responses that were not revisits (unchanged in a delta run)', 'group'),
    forceRetire: {
      type: 'boolean', default: true, overlayable: true,
      description:
        'A URI over a quota is left unfetched and its queue retired (Heritrix\'s code default; its description says false). ' +
        'When false, the URI finishes with status -5003 and the queue goes on, each later URI meeting the quota in turn. ' +
        'A queue holding several servers or hosts is retired for all of them.',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
    frontier: { kind: 'Frontier', required: true, autowire: true, description: 'Whose finished URIs are counted.' },
    stateStore: { kind: 'StateStore', autowire: true, description: 'Where the counts are kept, so that a resumed crawl goes on from them; without ' +
      'one they live in memory only. Not used when the frontier is shared through Redis: the counts are then the run\'s, in Redis.' },
  },
  load: async (): Promise<ComponentClass> => QuotaEnforcer,
});

export type QuotaEnforcerConfig = ConfigOf<typeof quotaEnforcerComponent>;

/** The quota names of a category, in Heritrix's order of checking, each with the count it limits and how (KB quotas in whole KiB). */
const MEASURES: ReadonlyArray<readonly [string, keyof FetchTally, (n: number) => number]> = [
  ['MaxFetchSuccesses', 'successes', (n) => n],
  ['MaxSuccessKb', 'successBytes', (n) => Math.floor(n / 1024)],
  ['MaxFetchResponses', 'responses', (n) => n],
  ['MaxAllKb', 'totalBytes', (n) => Math.floor(n / 1024)],
  ['MaxNovelKb', 'novelBytes', (n) => Math.floor(n / 1024)],
  ['MaxNovelUrls', 'novelUrls', (n) => n],
];

/** Each category's quotas, named once: the property, the count it limits and how. */
const QUOTAS = Object.fromEntries((['server', 'host', 'group'] as const).map((category) => [
  category, MEASURES.map(([measure, field, scale]) => [`${category}${measure}`, field, scale] as const),
])) as unknown as Record<QuotaCategory, ReadonlyArray<readonly [keyof QuotaEnforcerConfig, keyof FetchTally, (n: number) => number]>>;

/**
 * Heritrix's QuotaEnforcer: server, then host, then group; within each, successes, success KB,
 * responses, all KB, novel KB, novel URLs. The counts are a QuotaTallies the frontier feeds; in a
 * crawl that workers share, a SharedQuotaTallies in a table of the run, read before each URI is
 * judged (one read, of the counts its quotas need; none when it has no quota).
 */
export class QuotaEnforcer extends Processor<typeof quotaEnforcerComponent> {
  readonly tallies = new QuotaTallies();
  #shared?: SharedQuotaTallies;

  /**
   * Counts every URI the frontier disposes of, before the next URI of its queue is handed out; a
   * resumed crawl's counts come back from the store first. A frontier that workers share has them
   * counted in its store, crawl-wide, instead (the state store is then not used).
   */
  async start(): Promise<void> {
    const { frontier, stateStore } = this.config;
    const store = sharedStoreOf(frontier);
    if (store) {
      await store.join();
      const shared = (this.#shared = new SharedQuotaTallies(store.table(QUOTA_TALLIES_TABLE)));
      frontier.onDisposed((curi, disposition) => shared.count(curi, disposition));
      return;
    }
    if (stateStore) await this.tallies.attach(stateStore);
    frontier.onDisposed((curi, disposition) => this.tallies.count(curi, disposition));
    frontier.onFinal((curi) => this.tallies.settled(curi));
  }

  protected innerProcess(curi: CrawlUri, c: QuotaEnforcerConfig): ProcessResult | Promise<ProcessResult> {
    const keys = quotaKeysOf(curi);
    const shared = this.#shared;
    if (!shared) return judge(curi, c, keys, (category, key) => this.tallies.get(category, key));
    const counts: QuotaCount[] = [];
    for (const [category, key] of keys) {
      for (const [name, field] of QUOTAS[category]) if ((c[name] as number) >= 0) counts.push([category, key, field]);
    }
    if (counts.length === 0) return PROCEED;
    return shared.read(counts).then((tallyOf) => judge(curi, c, keys, tallyOf));
  }
}

/** Compares the tallies of the URI's server, host and queue with each quota; the first one reached stops the URI. */
function judge(curi: CrawlUri, c: QuotaEnforcerConfig, keys: ReturnType<typeof quotaKeysOf>, tallyOf: (category: QuotaCategory, key: string) => Readonly<FetchTally>): ProcessResult {
  for (const [category, key] of keys) {
    const tally = tallyOf(category, key);
    for (const [name, field, scale] of QUOTAS[category]) {
      const limit = c[name] as number;
      if (limit < 0 || scale(tally[field]) < limit) continue;
      curi.annotations.push(`Q:${name}`);
      if (!c.forceRetire) return finishWith(curi, FetchStatus.BLOCKED_BY_QUOTA);
      // Left untried (status 0): the frontier puts it back at the head of its queue and retires the queue.
      curi.forceRetire = true;
      return FINISH;
    }
  }
  return PROCEED;
}
