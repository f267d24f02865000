import { expect } from 'chai';
import { byHost, fetchCounts, maxConcurrencyPerHost, minGapPerHost, overlapsPerHost, parseAccessLog, type AccessEntry } from './access-log.js';

const entry = (host: string, path: string, start: number, end: number): AccessEntry =>
  ({ host, path, url: `http://${host}:80${path}`, status: 200, start, end });

// A hand-made log, out of order on purpose (a log is in order of end, the helpers sort by start).
const LOG: AccessEntry[] = [
  // a: 0–10 and 5–15 overlap, 5–15 and 12–20 overlap, 0–10 and 12–20 do not; 30–40 comes 10 ms after.
  entry('a', '/4', 30, 40), entry('a', '/2', 5, 15), entry('a', '/1', 0, 10), entry('a', '/3', 12, 20),
  // b: one after another, the second starting the moment the first ends (no overlap, gap 0).
  entry('b', '/1', 0, 10), entry('b', '/2', 10, 20), entry('b', '/3', 25, 26),
  // c: one long request with two short ones inside it.
  entry('c', '/short1', 10, 20), entry('c', '/long', 0, 100), entry('c', '/short2', 30, 40),
  // d: a single request; and a URL of b's fetched again.
  entry('d', '/', 3, 4), entry('b', '/1', 50, 60),
];

describe('access log', () => {
  it('groups requests by host, each host in order of start', () => {
    const hosts = byHost(LOG);
    expect([...hosts.keys()]).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(hosts.get('a')!.map((e) => e.path)).to.deep.equal(['/1', '/2', '/3', '/4']);
    expect(hosts.get('c')!.map((e) => e.path)).to.deep.equal(['/long', '/short1', '/short2']);
  });

  it('counts the pairs of requests to one host that overlap in time, touching ones not', () => {
    expect(overlapsPerHost(LOG)).to.deep.equal(new Map([['a', 2], ['b', 0], ['c', 2], ['d', 0]]));
  });

  it('finds each host\'s smallest gap from the latest end so far to the next start, negative for an overlap', () => {
    // a: 5 − 10 = −5 (then 12 − 15 = −3, 30 − 20 = 10); b: 10 − 10 = 0; c: 10 − 100 = −90; d has one request.
    expect(minGapPerHost(LOG)).to.deep.equal(new Map([['a', -5], ['b', 0], ['c', -90]]));
    expect(minGapPerHost([entry('x', '/', 0, 1), entry('x', '/', 1001, 1002)]).get('x')).to.equal(1000);
  });

  it('finds the most requests running at once on each host', () => {
    expect(maxConcurrencyPerHost(LOG)).to.deep.equal(new Map([['a', 2], ['b', 1], ['c', 2], ['d', 1]]));
    const three = [entry('x', '/1', 0, 10), entry('x', '/2', 1, 10), entry('x', '/3', 2, 3), entry('x', '/4', 10, 11)];
    expect(maxConcurrencyPerHost(three).get('x')).to.equal(3);
  });

  it('counts how many times each URL was fetched', () => {
    const counts = fetchCounts(LOG);
    expect(counts.get('http://b:80/1')).to.equal(2);
    expect(counts.get('http://a:80/1')).to.equal(1);
    expect([...counts.values()].reduce((x, y) => x + y, 0)).to.equal(LOG.length);
  });

  it('reads back a log file of JSON lines', () => {
    const text = LOG.map((e) => JSON.stringify(e)).join('\n') + '\n\n';
    expect(parseAccessLog(text)).to.deep.equal(LOG);
  });
});
