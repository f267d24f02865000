import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RobotsPolicy } from '../../model/robots-policy.js';
import type { StateStore } from '../../model/state-store.js';
import { parseRobotsTxt } from '../../util/url/robots/parse-robots-txt.js';
import { LevelStateStore } from '../state/level-state-store.js';
import { HOSTS_SUBLEVEL, MemoryServerCache } from './memory-server-cache.js';
import { ALLOW_ALL, updateRobots } from './robots-outcome.js';
import { robotsPolicyOf, robotsTextOf } from './robots-text.js';
import { levelStore } from '../../../test/support/level-store.js';

const ROBOTS = Buffer.from(
  '\ufeffUser-agent: beancrawl\nDisallow: /private/\nAllow: /private/ok$\nCrawl-delay: 3\n\n' +
    'User-agent: *\nDisallow: /\n# café\nDisallow: /*.pdf$\n',
);
const AGENTS = ['Mozilla/5.0 (compatible; beancrawl/1.0)', 'OtherBot/2.0'];
const PATHS = ['/', '/index.html', '/private/', '/private/ok', '/private/ok2', '/a.pdf', '/robots.txt', '/caf%C3%A9'];

/** Every answer a policy gives to AGENTS about PATHS. */
function answers(policy: RobotsPolicy): unknown[] {
  return AGENTS.flatMap((ua) => [policy.crawlDelaySeconds(ua), ...PATHS.map((p) => policy.isAllowed(ua, `http://example.org${p}`))]);
}

/** What updateRobots records for a 2xx once it keeps the text too. */
function learnRobots(cache: MemoryServerCache, key: string, body: Uint8Array, now: number): void {
  const server = cache.host(key);
  updateRobots(server, 200, body, now);
  server.robotsTxt = robotsTextOf(body);
}

describe(MemoryServerCache.name, () => {
  let dir: string;
  const stores: LevelStateStore[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'beancrawl-server-cache-'));
  });

  afterEach(async () => {
    for (const s of stores.splice(0)) await s.stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function openStore(): Promise<LevelStateStore> {
    const store = levelStore(dir);
    await store.start();
    stores.push(store);
    return store;
  }

  async function closeStore(store: LevelStateStore): Promise<void> {
    stores.splice(stores.indexOf(store), 1);
    await store.stop();
  }

  /** The store, with the keys put into sublevel `hosts` recorded in `puts`. */
  function spied(store: StateStore, puts: string[]): StateStore {
    return {
      sublevel: (name) => {
        const sub = store.sublevel(name);
        if (name !== HOSTS_SUBLEVEL) return sub;
        return { ...sub, put: (key, value) => (puts.push(key), sub.put(key, value)) };
      },
      participate: (p) => store.participate(p),
      commit: () => store.commit(),
      onFault: (l) => store.onFault(l),
    };
  }

  it('without a store, keeps plain objects in memory as before', async () => {
    const cache = new MemoryServerCache({});
    await cache.start();
    const host = cache.host('example.org');
    expect(Object.getPrototypeOf(host)).to.equal(Object.prototype);
    expect(host).to.deep.equal({});
    host.ip = '10.0.0.1';
    expect(cache.host('example.org')).to.equal(host);
    expect(cache.host('example.org')).to.deep.equal({ ip: '10.0.0.1' });
    cache.host('example.org:8080');
    expect(cache.size).to.equal(2);
  });

  it('gives a resumed crawl every host as it was, robots.txt policies answering as before', async () => {
    const now = Date.now();
    let store = await openStore();
    let cache = new MemoryServerCache({ stateStore: store });
    await cache.start();
    Object.assign(cache.host('example.org'), { ip: '10.0.0.1', ipFetchedAt: now - 1000, ipTtlSeconds: 300 });
    learnRobots(cache, 'example.org', ROBOTS, now - 500);
    updateRobots(cache.host('example.org:8080'), 404, undefined, now - 400);
    updateRobots(cache.host('down.example'), 503, undefined, now - 300);
    Object.assign(cache.host('down.example'), { ip: '10.0.0.2', ipFetchedAt: now - 900 });
    // A policy whose text is unknown is not stored: the resumed crawl fetches that robots.txt again.
    Object.assign(cache.host('odd.example'), { robots: { isAllowed: () => false, crawlDelaySeconds: () => 9 }, robotsFetchedAt: now - 200, robotsUnavailable: false });
    // Nor is a policy set after the text, which the text does not describe.
    learnRobots(cache, 'replaced.example', ROBOTS, now - 100);
    cache.host('replaced.example').robots = parseRobotsTxt('User-agent: *\nAllow: /\n');
    cache.host('never-written.example');
    const before = answers(cache.host('example.org').robots!);
    await closeStore(store);

    store = await openStore();
    cache = new MemoryServerCache({ stateStore: store });
    await cache.start();
    expect(cache.size).to.equal(5);
    const host = cache.host('example.org');
    expect([host.ip, host.ipFetchedAt, host.ipTtlSeconds, host.robotsFetchedAt, host.robotsUnavailable]).to.deep.equal(['10.0.0.1', now - 1000, 300, now - 500, false]);
    expect(answers(host.robots!)).to.deep.equal(before);
    expect(host.robots!.crawlDelaySeconds(AGENTS[0]!)).to.equal(3);
    expect(host.robots!.isAllowed(AGENTS[1]!, 'http://example.org/index.html')).to.equal(false);
    const server = cache.host('example.org:8080');
    expect(server.robots).to.equal(ALLOW_ALL);
    expect([server.robotsFetchedAt, server.robotsUnavailable, server.ip]).to.deep.equal([now - 400, false, undefined]);
    const down = cache.host('down.example');
    expect([down.ip, down.ipFetchedAt, down.robots, down.robotsFetchedAt, down.robotsUnavailable]).to.deep.equal(['10.0.0.2', now - 900, undefined, now - 300, true]);
    const odd = cache.host('odd.example');
    expect([odd.robots, odd.robotsFetchedAt, odd.robotsUnavailable]).to.deep.equal([undefined, now - 200, false]);
    const replaced = cache.host('replaced.example');
    expect([replaced.robots, replaced.robotsTxt, replaced.robotsFetchedAt]).to.deep.equal([undefined, undefined, now - 100]);
    expect(cache.size).to.equal(5);
    cache.host('never-written.example');
    expect(cache.size).to.equal(6);
  });

  it('writes only the hosts changed since the previous commit', async () => {
    const puts: string[] = [];
    const store = spied(await openStore(), puts);
    const cache = new MemoryServerCache({ stateStore: store });
    await cache.start();
    for (const key of ['a.example', 'b.example', 'c.example']) Object.assign(cache.host(key), { ip: '10.0.0.1', ipFetchedAt: 1 });
    await store.commit();
    expect(puts.sort()).to.deep.equal(['a.example', 'b.example', 'c.example']);

    puts.length = 0;
    for (let i = 0; i < 100; i++) for (const key of ['a.example', 'b.example', 'c.example']) void cache.host(key).ip;
    cache.host('c.example').ip = '10.0.0.1'; // the same value: no change
    await store.commit();
    expect(puts).to.deep.equal([]);

    // A state taken before a commit and changed after it is still seen.
    const held = cache.host('b.example');
    held.ipFetchedAt = 2;
    held.ipTtlSeconds = 60;
    await store.commit();
    expect(puts).to.deep.equal(['b.example']);
    held.robotsFetchedAt = 3;
    await store.commit();
    expect(puts).to.deep.equal(['b.example', 'b.example']);
    expect(JSON.parse((await store.sublevel(HOSTS_SUBLEVEL).get('b.example'))!)).to.deep.equal({ ip: '10.0.0.1', ipFetchedAt: 2, ipTtlSeconds: 60, robotsFetchedAt: 3 });
  });

  it('does not write back what it restored', async () => {
    let store = await openStore();
    let cache = new MemoryServerCache({ stateStore: store });
    await cache.start();
    Object.assign(cache.host('a.example'), { ip: '10.0.0.1', ipFetchedAt: 1 });
    learnRobots(cache, 'a.example', ROBOTS, 2);
    await closeStore(store);

    const puts: string[] = [];
    const level = await openStore();
    store = level;
    cache = new MemoryServerCache({ stateStore: spied(level, puts) });
    await cache.start();
    await level.commit();
    expect(puts).to.deep.equal([]);
    cache.host('a.example').robotsFetchedAt = 5;
    await level.commit();
    expect(puts).to.deep.equal(['a.example']);
    const row = JSON.parse((await level.sublevel(HOSTS_SUBLEVEL).get('a.example'))!) as { robotsTxt: string; robotsFetchedAt: number };
    expect(row.robotsFetchedAt).to.equal(5);
    expect(row.robotsTxt).to.equal(robotsTextOf(ROBOTS));
  });

  describe('robotsTextOf / robotsPolicyOf', () => {
    it('rebuild the policy parseRobotsTxt gives for the body, BOM, UTF-8 and the 500 KiB cut included', () => {
      const big = Buffer.concat([Buffer.from('User-agent: *\nDisallow: /x\n'), Buffer.alloc(500 * 1024 - 28, 0x0a), Buffer.from('é\nDisallow: /late\n')]);
      for (const body of [ROBOTS, big, Buffer.from([0xef, 0xbb, 0xbf, 0xff, 0xfe, 0x0a]), Buffer.alloc(0)]) {
        expect(answers(robotsPolicyOf(robotsTextOf(body)))).to.deep.equal(answers(parseRobotsTxt(body)));
      }
      expect(robotsTextOf(big).endsWith('\n\ufffd')).to.equal(true);
      expect(robotsPolicyOf(robotsTextOf(big)).isAllowed('x', '/late')).to.equal(true);
      expect(robotsPolicyOf(robotsTextOf(big)).isAllowed('x', '/x')).to.equal(false);
      expect(robotsTextOf(undefined)).to.equal('');
    });
  });
});
