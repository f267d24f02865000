import { expect } from 'chai';
import { FETCH_COMPONENTS } from './fetch-components.js';
import { fetchDnsComponent } from './fetch-dns.descriptor.js';
import { fetchHttpComponent } from './fetch-http.descriptor.js';

function view(config: Record<string, unknown>) {
  return { id: 'bean', className: 'X', config, locationOf: () => ({ file: 'f', line: 1, column: 1 }), refs: () => [] } as never;
}

describe('FETCH_COMPONENTS', () => {
  it('names each component once, with Heritrix\'s names as aliases', () => {
    const names = FETCH_COMPONENTS.flatMap((d) => [d.name, ...(d.aliases ?? [])]);
    expect(new Set(names).size).to.equal(names.length);
    expect(names).to.include.members(['FetchHTTP', 'org.archive.modules.fetcher.FetchHTTP', 'FetchDNS', 'org.archive.modules.net.BdbServerCache',
      'org.archive.crawler.prefetch.Preselector', 'org.archive.crawler.prefetch.PreconditionEnforcer']);
  });

  it('describes every property with a default, and loads a class for each component', async () => {
    for (const d of FETCH_COMPONENTS) {
      for (const [name, spec] of Object.entries(d.props)) {
        expect(spec.description, `${d.name}.${name}`).to.not.equal('');
        expect(spec, `${d.name}.${name}`).to.have.property('default');
      }
      expect(await d.load!()).to.be.a('function');
    }
  });

  it('FetchHttp validate: refuses a proxy, malformed accept headers and unknown encodings', () => {
    const issues = fetchHttpComponent.validate!(view({ httpProxyHost: 'proxy', acceptHeaders: ['Accept text/html'], defaultEncoding: 'no-such-charset' }));
    expect((issues as { property: string }[]).map((i) => i.property)).to.deep.equal(['httpProxyHost', 'acceptHeaders', 'defaultEncoding']);
    expect(fetchHttpComponent.validate!(view({ httpProxyHost: '', acceptHeaders: ['Accept: */*'], defaultEncoding: 'ISO-8859-1' }))).to.deep.equal([]);
  });

  it('FetchDns validate: hostsMap values must be IP addresses', () => {
    const issues = fetchDnsComponent.validate!(view({ hostsMap: { a: '10.0.0.1', b: 'not-an-ip' } }));
    expect(issues).to.deep.equal([{ property: 'hostsMap', message: 'maps "b" to "not-an-ip", which is not an IP address' }]);
  });
});
