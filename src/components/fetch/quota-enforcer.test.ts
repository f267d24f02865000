import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { Disposition, Frontier } from '../../model/frontier.js';
import { QuotaEnforcer, quotaEnforcerComponent, type QuotaEnforcerConfig } from './quota-enforcer.js';

type Listener = (curi: CrawlUri, d: Disposition) => void;

/** A frontier that only hands its finished-URI listener to the test. */
function listeningFrontier(): { frontier: Frontier; finish: (curi: CrawlUri, d?: Disposition) => void } {
  let listener: Listener | undefined;
  const frontier = { onDisposed: (l: Listener) => (listener = l), onFinal: () => undefined } as unknown as Frontier;
  return { frontier, finish: (curi, d = 'success') => listener!(curi, d) };
}

const DEFAULTS = Object.fromEntries(Object.entries(quotaEnforcerComponent.props).map(([k, spec]) => [k, spec.default]));

async function enforcer(over: Partial<QuotaEnforcerConfig> = {}) {
  const { frontier, finish } = listeningFrontier();
  const e = new QuotaEnforcer({ ...DEFAULTS, shouldProcessRule: undefined, stateStore: undefined, frontier, ...over } as QuotaEnforcerConfig);
  await e.start();
  return { e, finish };
}

function fetched(uri: string, size = 100, queueKey = 'org,example,'): CrawlUri {
  const c = new CrawlUri(uri, { queueKey });
  c.fetchStatus = 200;
  c.contentSize = size;
  return c;
}

const next = (uri = 'http://example.org/next', queueKey = 'org,example,') => new CrawlUri(uri, { queueKey });

describe('QuotaEnforcer', () => {
  it('lets every URI through with the defaults (-1: no limit)', async () => {
    const { e, finish } = await enforcer();
    for (let i = 0; i < 5; i++) finish(fetched(`http://example.org/${i}`, 1 << 20));
    const curi = next();
    expect(e.process(curi)).to.equal('PROCEED');
    expect(curi.annotations).to.deep.equal([]);
  });

  it('with forceRetire (the default), leaves the URI untried (status 0) for its queue to be retired, annotated with the quota', async () => {
    const { e, finish } = await enforcer({ hostMaxFetchSuccesses: 2 });
    const first = next();
    expect(e.process(first), 'under the quota').to.equal('PROCEED');
    finish(fetched('http://example.org/a'));
    finish(fetched('http://example.org:8080/b')); // another server, the same host
    const curi = next();
    expect(e.process(curi)).to.equal('FINISH');
    expect(curi).to.include({ fetchStatus: 0, forceRetire: true });
    expect(curi.annotations).to.deep.equal(['Q:hostMaxFetchSuccesses']);
  });

  it('without forceRetire, finishes the URI with -5003 (blocked by quota) and leaves its queue alone', async () => {
    const { e, finish } = await enforcer({ serverMaxFetchSuccesses: 1, forceRetire: false });
    finish(fetched('http://example.org/a'));
    const curi = next();
    expect(e.process(curi)).to.equal('FINISH');
    expect(curi).to.include({ fetchStatus: -5003, forceRetire: false });
    expect(curi.annotations).to.deep.equal(['Q:serverMaxFetchSuccesses']);
  });

  it('counts servers apart: https without a port is not the http server', async () => {
    const { e, finish } = await enforcer({ serverMaxFetchSuccesses: 1 });
    finish(fetched('http://example.org/a'));
    expect(e.process(next('https://example.org/b'))).to.equal('PROCEED');
    expect(e.process(next('http://example.org/b'))).to.equal('FINISH');
  });

  it('counts a queue (group) by its key, whatever its hosts', async () => {
    const { e, finish } = await enforcer({ groupMaxFetchResponses: 2 });
    finish(fetched('http://a.example.org/', 10, 'one-queue'));
    finish(fetched('http://b.example.org/', 10, 'one-queue'));
    expect(e.process(next('http://c.example.org/', 'other'))).to.equal('PROCEED');
    const curi = next('http://c.example.org/', 'one-queue');
    expect(e.process(curi)).to.equal('FINISH');
    expect(curi.annotations).to.deep.equal(['Q:groupMaxFetchResponses']);
  });

  it('compares KB quotas with whole KiB received: reached at 2048 bytes for a quota of 2, not at 2047', async () => {
    const { e, finish } = await enforcer({ serverMaxSuccessKb: 2 });
    finish(fetched('http://example.org/a', 2047));
    expect(e.process(next())).to.equal('PROCEED');
    finish(fetched('http://example.org/b', 1));
    const curi = next();
    expect(e.process(curi)).to.equal('FINISH');
    expect(curi.annotations).to.deep.equal(['Q:serverMaxSuccessKb']);
  });

  it('counts error responses toward the response and all-KB quotas only', async () => {
    const { e, finish } = await enforcer({ hostMaxFetchSuccesses: 1, hostMaxAllKb: 1 });
    const error = fetched('http://example.org/a', 1024);
    error.fetchStatus = 401;
    finish(error, 'failure');
    const curi = next();
    expect(e.process(curi)).to.equal('FINISH');
    expect(curi.annotations, 'the success quota is not reached by a failure').to.deep.equal(['Q:hostMaxAllKb']);
  });

  it('checks server before host before group, as Heritrix does', async () => {
    const { e, finish } = await enforcer({ groupMaxFetchSuccesses: 1, hostMaxFetchSuccesses: 1, serverMaxFetchSuccesses: 1 });
    finish(fetched('http://example.org/a'));
    const curi = next();
    e.process(curi);
    expect(curi.annotations).to.deep.equal(['Q:serverMaxFetchSuccesses']);
  });

  it('a quota of 0 fetches nothing from that category', async () => {
    const { e } = await enforcer({ groupMaxNovelUrls: 0 });
    expect(e.process(next())).to.equal('FINISH');
  });

  it('does nothing when disabled', async () => {
    const { e } = await enforcer({ serverMaxFetchSuccesses: 0, enabled: false });
    expect(e.process(next())).to.equal('PROCEED');
  });
});
