import type { CrawlUri } from '../../model/crawl-uri.js';
import type { HostTally, MimeTally, SeedRecord } from '../../model/crawl-statistics.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { failureReason } from '../../model/failure-reason.js';
import { revisitProfileOf } from '../../model/revisit-profile.js';
import type { Disposition } from '../../model/frontier.js';
import type { StateSublevel } from '../../model/state-store.js';
import { truncateMimeType } from '../../util/truncate-mime-type.js';

export interface TallyOptions {
  /** Keep each seed's latest status. */
  readonly trackSeeds: boolean;
  /** Count successes per source tag and host. */
  readonly trackSources: boolean;
}

/**
 * The counts kept for each URI whose processing is over, as Heritrix's StatisticsTracker keeps
 * them: per host, and for successes per status, per MIME type and per source tag; seeds apart.
 * Runs for every finished URI, so it does a few Map updates and nothing else.
 */
export class CrawlTallies {
  readonly hosts = new Map<string, HostTally>();
  readonly mimeTypes = new Map<string, MimeTally>();
  readonly statusCodes = new Map<number, number>();
  readonly sourceTags = new Map<string, Map<string, number>>();
  readonly seeds = new Map<string, SeedRecord>();
  /** Bytes of every success, headers included (Heritrix's "total crawled bytes"). */
  bytes = 0;
  /** Hosts and seeds changed since the last stage(), while changes are tracked. */
  #changedHosts?: Set<string>;
  #changedSeeds?: Set<string>;
  /** Successes tallied, and as of the last stage(): the tables are staged only when they differ. */
  #changes = 0;
  #stagedChanges = -1;

  constructor(readonly options: TallyOptions) {}

  tally(curi: CrawlUri, disposition: Disposition): void {
    const hostName = hostOf(curi.uri);
    const host = this.#host(hostName);
    this.#changedHosts?.add(hostName);
    if (curi.isSeed && this.options.trackSeeds) this.#seedDone(curi);
    if (disposition === 'disregarded') {
      if (curi.fetchStatus === FetchStatus.ROBOTS_PRECLUDED) host.robotsDenials++;
      return;
    }
    if (curi.fetchBeginTime > 0) {
      host.fetches = (host.fetches ?? 0) + 1;
      host.fetchMs = (host.fetchMs ?? 0) + curi.fetchDurationMs;
    }
    // A robots.txt answered 4xx is no error: the server has no rules, and every URI of it may be fetched (RFC 9309).
    const noRules = curi.fetchStatus < 500 && curi.isRobotsPrerequisite;
    if (disposition === 'failure' || (disposition === 'success' && curi.fetchStatus >= 400 && !noRules)) {
      const errors = (host.errors ??= {});
      errors[curi.fetchStatus] = (errors[curi.fetchStatus] ?? 0) + 1;
    }
    if (disposition !== 'success') return;
    this.#changes++;
    // Heritrix counts its content size: the response as recorded, headers included.
    const size = Math.max(curi.recordedSize, 0);
    host.urls++;
    host.bytes += size;
    // As Heritrix's CrawledBytesHistotable: by the revisit profile the fetch got.
    const revisit = revisitProfileOf(curi);
    if (revisit === 'server-not-modified') {
      host.notModifiedUrls = (host.notModifiedUrls ?? 0) + 1;
      host.notModifiedBytes = (host.notModifiedBytes ?? 0) + size;
    } else if (revisit === 'identical-payload-digest') {
      host.dupByHashUrls = (host.dupByHashUrls ?? 0) + 1;
      host.dupByHashBytes = (host.dupByHashBytes ?? 0) + size;
    } else {
      host.novelUrls++;
      host.novelBytes += size;
    }
    this.bytes += size;
    this.statusCodes.set(curi.fetchStatus, (this.statusCodes.get(curi.fetchStatus) ?? 0) + 1);
    const mime = truncateMimeType(curi.contentType);
    const m = this.mimeTypes.get(mime);
    if (m) {
      m.urls++;
      m.bytes += size;
    } else this.mimeTypes.set(mime, { urls: 1, bytes: size });
    if (curi.sourceTag !== undefined && this.options.trackSources) this.#source(curi.sourceTag, hostName);
  }

  /** A seed a crawl mapper diverted to another crawler: -5002, and where it went (kept with the tallies, so that a resumed run still says so). */
  divertedSeed(uri: string, crawler: string, file: string): void {
    if (!this.options.trackSeeds || this.seeds.get(uri)?.divertedTo !== undefined) return;
    this.seeds.set(uri, { uri, status: FetchStatus.BLOCKED_BY_CUSTOM_PROCESSOR, divertedTo: { crawler, file } });
    this.#changedSeeds?.add(uri);
  }

  /** A seed known before any try (from the seed list): status 0 until it is tried. */
  addSeed(uri: string): void {
    if (this.options.trackSeeds && !this.seeds.has(uri)) this.seeds.set(uri, { uri, status: 0 });
  }

  #host(name: string): HostTally {
    let h = this.hosts.get(name);
    if (!h) {
      h = { urls: 0, bytes: 0, robotsDenials: 0, novelUrls: 0, novelBytes: 0 };
      this.hosts.set(name, h);
    }
    return h;
  }

  /**
   * Stages the tallies changed since the previous call (sublevel of the statistics): a host or a
   * seed per key, the small tables in one record. The first call starts tracking changes.
   */
  stage(store: StateSublevel): void {
    if (!this.#changedHosts || !this.#changedSeeds) {
      this.#changedHosts = new Set(this.hosts.keys());
      this.#changedSeeds = new Set(this.seeds.keys());
    }
    for (const name of this.#changedHosts) store.put(`h ${name}`, JSON.stringify(this.hosts.get(name)));
    for (const uri of this.#changedSeeds) store.put(`s ${uri}`, JSON.stringify(this.seeds.get(uri)));
    this.#changedHosts.clear();
    this.#changedSeeds.clear();
    if (this.#changes === this.#stagedChanges) return;
    this.#stagedChanges = this.#changes;
    store.put('tables', JSON.stringify({
      bytes: this.bytes, mimeTypes: [...this.mimeTypes], statusCodes: [...this.statusCodes],
      sourceTags: [...this.sourceTags].map(([tag, hosts]) => [tag, [...hosts]]),
    }));
  }

  /** Takes up the tallies an earlier launch of this run staged. */
  async restore(store: StateSublevel): Promise<void> {
    for (const [key, value] of await store.range('', '\uffff')) {
      if (key.startsWith('h ')) this.hosts.set(key.slice(2), JSON.parse(value) as HostTally);
      else if (key.startsWith('s ')) this.seeds.set(key.slice(2), JSON.parse(value) as SeedRecord);
      else if (key === 'tables') {
        const t = JSON.parse(value) as { bytes: number; mimeTypes: Array<[string, MimeTally]>; statusCodes: Array<[number, number]>; sourceTags: Array<[string, Array<[string, number]>]> };
        this.bytes = t.bytes;
        for (const [k, v] of t.mimeTypes) this.mimeTypes.set(k, v);
        for (const [k, v] of t.statusCodes) this.statusCodes.set(k, v);
        for (const [tag, hosts] of t.sourceTags) this.sourceTags.set(tag, new Map(hosts));
      }
    }
  }

  #seedDone(curi: CrawlUri): void {
    this.#changedSeeds?.add(curi.uri);
    let record = this.seeds.get(curi.uri);
    if (!record) {
      record = { uri: curi.uri, status: 0 };
      this.seeds.set(curi.uri, record);
    }
    record.status = curi.fetchStatus;
    record.redirect = curi.fetchStatus >= 300 && curi.fetchStatus < 400 ? redirectOf(curi) : undefined;
    const reason = curi.fetchStatus > 0 ? undefined : seedFailure(curi);
    if (reason !== undefined) record.reason = reason;
    else delete record.reason;
  }

  #source(tag: string, host: string): void {
    let hosts = this.sourceTags.get(tag);
    if (!hosts) {
      hosts = new Map();
      this.sourceTags.set(tag, hosts);
    }
    hosts.set(host, (hosts.get(host) ?? 0) + 1);
  }
}

/** Why a seed got no response, and after how many tries (the `Nt` annotation a URI that ran out of retries gets). */
function seedFailure(curi: CrawlUri): string | undefined {
  const why = failureReason(curi.fetchStatus, curi.annotations);
  if (why === undefined) return undefined;
  const retries = curi.annotations.find((a) => /^\d+t$/.test(a));
  return retries === undefined ? why : `${why}, after ${Number(retries.slice(0, -1)) + 1} tries`;
}

/** Where a redirect sent the URI: its `Location:` outlink. */
function redirectOf(curi: CrawlUri): string | undefined {
  return curi.outlinks.find((l) => l.hop === 'R' && l.context.toLowerCase() === 'location:')?.uri;
}

/**
 * The host a URI's statistics go under, as Heritrix names it: the host name without port or
 * user info, `dns:` for every DNS lookup, the scheme for a URI without a host (`file:`).
 */
export function hostOf(uri: string): string {
  if (uri.startsWith('dns:')) return 'dns:';
  const colon = uri.indexOf(':');
  const start = uri.startsWith('//', colon + 1) ? colon + 3 : -1;
  let end = start;
  if (start !== -1) while (end < uri.length && uri[end] !== '/' && uri[end] !== '?' && uri[end] !== '#') end++;
  let authority = start === -1 ? '' : uri.slice(start, end);
  authority = authority.slice(authority.lastIndexOf('@') + 1);
  const host = authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.split(':', 1)[0];
  return host || uri.slice(0, colon + 1);
}
