import { expect } from 'chai';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BeanContainer } from '../../beans/container/bean-container.js';
import { DEFAULT_ENGINE_SETTINGS } from '../../beans/engine-settings.js';
import { Registry } from '../../beans/registry/registry.js';
import { verifyBeans, type VerifyResult } from '../../beans/verify/verify-beans.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { Processor } from '../../model/processor.js';
import { formatDiagnostic } from '../../util/diagnostic.js';
import { crawlMetadataComponent } from '../metadata/crawl-metadata.js';
import { acceptDecideRuleComponent } from '../scope/constant-decide-rule.js';
import { FETCH_COMPONENTS } from './fetch-components.js';

const registry = new Registry([crawlMetadataComponent, acceptDecideRuleComponent, ...FETCH_COMPONENTS]);

async function verify(xml: string): Promise<VerifyResult & { errors: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'beancrawl-fetch-'));
  try {
    await writeFile(join(dir, 'crawler-beans.xml'), xml);
    const result = await verifyBeans(join(dir, 'crawler-beans.xml'), { registry, settings: DEFAULT_ENGINE_SETTINGS, classpathRoot: dir });
    return { ...result, errors: result.diagnostics.map((d) => formatDiagnostic(d).replace(/^.*error \w+: /, '')) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The fetch chain's beans as a Heritrix profile spells them. */
const HERITRIX_BEANS = (fetchHttpProps: string) => `<beans>
 <bean id="metadata" class="org.archive.modules.CrawlMetadata"><property name="operatorContactUrl" value="https://example.org/contact"/></bean>
 <bean id="serverCache" class="org.archive.modules.net.BdbServerCache"/>
 <bean id="preselector" class="org.archive.crawler.prefetch.Preselector"><property name="recheckScope" value="false"/></bean>
 <bean id="preconditions" class="org.archive.crawler.prefetch.PreconditionEnforcer"><property name="robotsValidityDurationSeconds" value="86400"/></bean>
 <bean id="fetchDns" class="org.archive.modules.fetcher.FetchDNS">
  <property name="acceptNonDnsResolves" value="false"/>
  <property name="hostsMap"><map><entry key="site.test" value="127.0.0.1"/></map></property>
 </bean>
 <bean id="fetchHttp" class="org.archive.modules.fetcher.FetchHTTP">${fetchHttpProps}</bean>
</beans>`;

describe('fetch components in a bean file', () => {
  let server: Server;
  let port: number;

  before(async () => {
    server = createServer((req, res) => res.end(req.url === '/robots.txt' ? 'User-agent: *\nDisallow: /no\n' : `ua=${req.headers['user-agent']}`));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });

  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('verifies Heritrix\'s spelling, autowires server cache and metadata, and crawls through the chain', async () => {
    const r = await verify(HERITRIX_BEANS(`
  <property name="shouldFetchBodyRule"><bean class="org.archive.modules.deciderules.AcceptDecideRule"/></property>
  <property name="acceptHeaders"><list><value>Accept: text/html</value></list></property>
  <property name="sslTrustLevel" value="OPEN"/><property name="useHTTP11" value="false"/>`));
    expect(r.errors).to.deep.equal([]);
    const container = await BeanContainer.build(r.resolved!, { startTimeoutMs: 1000, stopTimeoutMs: 1000 });
    await container.start();
    try {
      const chain = ['preselector', 'preconditions', 'fetchDns', 'fetchHttp'].map((id) => container.get<Processor>(id));
      const trail: string[] = [];
      const run = async (curi: CrawlUri) => {
        for (const p of chain) if ((await p.process(curi)) !== 'PROCEED') break;
        trail.push(`${curi.fetchStatus} ${curi.uri}`);
      };
      const page = new CrawlUri(`http://site.test:${port}/yes`, { hopsPath: 'L' });
      for (let i = 0; i < 3; i++) {
        page.resetForRetry();
        await run(page);
        if (page.prerequisite) await run(page.child(page.prerequisite));
      }
      expect(trail).to.deep.equal([
        `-50 http://site.test:${port}/yes`, '1 dns:site.test',
        `-50 http://site.test:${port}/yes`, `200 http://site.test:${port}/robots.txt`,
        `200 http://site.test:${port}/yes`,
      ]);
      expect(page.response!.body.toString()).to.match(/^ua=Mozilla\/5\.0 \(compatible; beancrawl\/[\d.]+ \+https:\/\/example\.org\/contact\)$/);
    } finally {
      await container.stop();
    }
  });

  it('verifies Heritrix\'s cookie store, credential store and proxy properties, and autowires both stores into fetchHttp', async () => {
    const stores = `
 <bean id="cookieStore" class="org.archive.modules.fetcher.BdbCookieStore"><property name="cookiesSaveFile" value="\${launchId}/cookies.txt"/></bean>
 <bean id="credentialStore" class="org.archive.modules.credential.CredentialStore">
  <property name="credentials"><map>
   <entry key="intranet"><bean class="org.archive.modules.credential.HttpAuthenticationCredential">
    <property name="domain" value="site.test:${port}"/><property name="realm" value="staff"/><property name="login" value="ann"/><property name="password" value="pw"/>
   </bean></entry>
  </map></property>
 </bean>
</beans>`;
    const proxy = '<property name="httpProxyHost" value="127.0.0.1"/><property name="httpProxyPort" value="3128"/><property name="ignoreCookies" ' +
      'value="false"/>';
    const r = await verify(HERITRIX_BEANS(proxy).replace('</beans>', stores));
    expect(r.errors).to.deep.equal([]);
    const container = await BeanContainer.build(r.resolved!, { startTimeoutMs: 1000, stopTimeoutMs: 1000 });
    const fetchHttp = container.get<Processor & { config: Record<string, unknown> }>('fetchHttp');
    expect(fetchHttp.config.cookieStore).to.equal(container.get('cookieStore'));
    expect(fetchHttp.config.credentialStore).to.equal(container.get('credentialStore'));
    const store = container.get<{ httpAuthFor(url: URL): { login: string }[] }>('credentialStore');
    expect(store.httpAuthFor(new URL(`http://site.test:${port}/x`)).map((c) => c.login)).to.deep.equal(['ann']);
    expect(store.httpAuthFor(new URL('http://site.test/x'))).to.deep.equal([]);
  });

  it('refuses a credential without a login, and a proxy without a port', async () => {
    const noLogin = await verify(HERITRIX_BEANS('').replace('</beans>', `
 <bean id="credentialStore" class="CredentialStore">
  <property name="credentials"><map><entry key="x"><bean class="HttpAuthenticationCredential"><property name="domain" value="site.test"/></bean></entry></map></property>
 </bean>
</beans>`));
    expect(noLogin.errors).to.deep.equal(['bean "credentialStore.credentials[x]" property "login": is required but not set']);
    const noPort = await verify(HERITRIX_BEANS('<property name="httpProxyHost" value="proxy.example.org"/>'));
    expect(noPort.errors).to.deep.equal(['bean "fetchHttp" property "httpProxyPort": a proxy needs its port: set httpProxyPort']);
  });
});
