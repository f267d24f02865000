/**
 * A test site's access log and what tests work out from it: whether two fetches from one host
 * ran at once (politeness broken), how close together they came (a crawl delay kept), how often
 * each URL was fetched (once each, across every worker). Times are milliseconds on one clock
 * (the site's process), start when the request arrived, end when its response was sent or cut.
 */
export interface AccessEntry {
  /** The host the request came to, as in its URL (e.g. `127.0.0.2`). */
  readonly host: string;
  readonly path: string;
  readonly url: string;
  /** The status sent, 0 when the request was cut before an answer. */
  readonly status: number;
  readonly start: number;
  readonly end: number;
}

/** The log's entries by host, each host's in order of start. */
export function byHost(log: readonly AccessEntry[]): Map<string, AccessEntry[]> {
  const hosts = new Map<string, AccessEntry[]>();
  for (const entry of log) {
    const entries = hosts.get(entry.host);
    if (entries) entries.push(entry);
    else hosts.set(entry.host, [entry]);
  }
  for (const entries of hosts.values()) entries.sort((a, b) => a.start - b.start || a.end - b.end);
  return hosts;
}

/**
 * For every host in the log, how many pairs of its requests overlapped in time (one started
 * before the other ended; one starting the very moment the other ended does not count). 0 for
 * a host fetched politely, one request at a time.
 */
export function overlapsPerHost(log: readonly AccessEntry[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const [host, entries] of byHost(log)) {
    let pairs = 0;
    for (let i = 0; i < entries.length; i++) {
      for (let j = i + 1; j < entries.length && entries[j].start < entries[i].end; j++) pairs++;
    }
    result.set(host, pairs);
  }
  return result;
}

/**
 * For every host with two requests or more, the smallest time between the end of a request and
 * the start of the next one (the next to start after it; measured from the latest end so far, so
 * that a short request inside a long one is no gap). Negative when requests overlapped.
 */
export function minGapPerHost(log: readonly AccessEntry[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const [host, entries] of byHost(log)) {
    if (entries.length < 2) continue;
    let latestEnd = entries[0].end;
    let min = Infinity;
    for (const entry of entries.slice(1)) {
      min = Math.min(min, entry.start - latestEnd);
      latestEnd = Math.max(latestEnd, entry.end);
    }
    result.set(host, min);
  }
  return result;
}

/** For every host in the log, the most of its requests that were running at one moment (1 when polite). */
export function maxConcurrencyPerHost(log: readonly AccessEntry[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const [host, entries] of byHost(log)) {
    // Ends sort before starts at the same moment: touching requests do not overlap.
    const events = entries.flatMap((e) => [[e.start, 1], [e.end, -1]] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let running = 0;
    let most = 0;
    for (const [, step] of events) most = Math.max(most, (running += step));
    result.set(host, most);
  }
  return result;
}

/** How many times each URL was requested. */
export function fetchCounts(log: readonly AccessEntry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { url } of log) counts.set(url, (counts.get(url) ?? 0) + 1);
  return counts;
}

/** The entries of a log file written by a site (one JSON object a line). */
export function parseAccessLog(text: string): AccessEntry[] {
  return text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as AccessEntry);
}
