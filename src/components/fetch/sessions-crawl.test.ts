import { expect } from 'chai';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { crawlJob, fastSets } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { withoutBean } from '../../../test/support/without-bean.js';
import { page, SiteServer } from '../../../test/support/site-server.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { parseChallenges } from './auth-challenge.js';

/** profiles/default.xml with host names mapped to loopback, and more beans. */
async function beans(moreBeans: string, fetchHttpProps = ''): Promise<string> {
  const xml = withoutBean(await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8'), 'cookieStore');
  return xml
    .replace('<bean id="fetchDns" class="FetchDns"/>', `<bean id="fetchDns" class="FetchDns"><property name="hostsMap"><map>
  <entry key="site.test" value="127.0.0.1"/><entry key="other.test" value="127.0.0.1"/></map></property></bean>`)
    .replace(/<bean id="fetchHttp" class="FetchHttp">/, `<bean id="fetchHttp" class="FetchHttp">${fetchHttpProps}`)
    .replace(/<\/beans>\s*$/, `${moreBeans}\n</beans>\n`);
}

/** Accepts RFC 7616 digest answers (MD5, qop auth) of ann / pw in `realm`; else a 401 offering digest and basic. */
function digestGuard(realm: string): (req: IncomingMessage, res: ServerResponse) => void {
  const nonce = randomBytes(8).toString('hex');
  const h = (s: string) => createHash('md5').update(s).digest('hex');
  return (req, res) => {
    const header = req.headers.authorization ?? '';
    const f = header.startsWith('Digest ') ? (parseChallenges([header])[0].params as Record<string, string>) : {};
    const expected = h(`${h(`ann:${realm}:pw`)}:${nonce}:${f.nc}:${f.cnonce}:auth:${h(`GET:${req.url}`)}`);
    if (f.username === 'ann' && f.nonce === nonce && f.uri === req.url && f.response === expected) return void res.end('in');
    res.writeHead(401, { 'WWW-Authenticate': [`Basic realm="${realm}"`, `Digest realm="${realm}", qop="auth", nonce="${nonce}"`] }).end();
  };
}

const ok = (log: { status: number; uri: string }[]) => log.filter((e) => e.status === 200).map((e) => e.uri).sort();

describe('crawls with sessions (integration)', function () {
  this.timeout(30000);

  it('keeps cookies for the crawl: loaded from cookiesLoadFile, set by pages, sent to their own host only, saved at the end', async () => {
    const other = await SiteServer.start({ '/': { body: page('other') } });
    const site = await SiteServer.start({
      '/': { headers: { 'set-cookie': 'session=abc; Path=/' }, body: page('home', ['/members/', '/old/', `http://other.test:${other.port}/`]) },
      '/members/': (req, res) => {
        const member = /(?:^|; )session=abc(?:;|$)/.test(req.headers.cookie ?? '') && /(?:^|; )preset=yes(?:;|$)/.test(req.headers.cookie ?? '');
        res.writeHead(member ? 200 : 403, { 'set-cookie': 'session=; Max-Age=0; Path=/' }).end(page('members', ['/after']));
      },
      '/after': { body: page('after') },
      '/old/': { body: page('old') },
    });
    const out = await tempDir();
    try {
      const saved = join(out.dir, 'cookies-out.txt');
      const store = `<bean id="cookieStore" class="org.archive.modules.fetcher.BdbCookieStore">
  <property name="cookiesLoadFile" value="cookies.txt"/><property name="cookiesSaveFile" value="${saved}"/></bean>`;
      const { log, exitStatus } = await crawlJob(fastSets([`http://site.test:${site.port}/`, `http://other.test:${other.port}/`]), {
        beans: await beans(store), files: { 'cookies.txt': `# ` +
          `preset\nsite.test\tFALSE\t/\tFALSE\t0\tpreset\tyes\nother.test\tFALSE\t/nowhere\tFALSE\t0\tx\t1\n` },
      });
      expect(exitStatus).to.equal('FINISHED');
      expect(ok(log)).to.include.members([`http://site.test:${site.port}/members/`, `http://site.test:${site.port}/after`]);
      const cookieOf = (s: SiteServer, path: string) => s.requests.find((r) => r.path === path)?.headers.cookie;
      expect(cookieOf(site, '/')).to.equal('preset=yes');
      expect(cookieOf(site, '/members/')).to.equal('preset=yes; session=abc');
      expect(cookieOf(site, '/old/')).to.equal('preset=yes');
      expect(cookieOf(site, '/after')).to.equal('preset=yes');
      expect(other.requests.map((r) => r.headers.cookie)).to.deep.equal([undefined, undefined]);
      const lines = (await readFile(saved, 'utf8')).split('\n').filter((l) => l && !l.startsWith('#'));
      expect(lines.sort()).to.deep.equal(['other.test\tFALSE\t/nowhere\tFALSE\t0\tx\t1', 'site.test\tFALSE\t/\tFALSE\t0\tpreset\tyes']);
    } finally {
      await out.cleanup();
      await site.close();
      await other.close();
    }
  });

  it('logs in with HTTP basic and digest credentials from the credential store', async () => {
    const basic = `Basic ${Buffer.from('ann:pw').toString('base64')}`;
    const digest = digestGuard('vault');
    const site = await SiteServer.start({
      '/': { body: page('home', ['/staff/', '/vault/', '/secret/']) },
      '/staff/': (req, res) => {
        if (req.headers.authorization === basic) res.end(page('staff', ['/staff/more']));
        else res.writeHead(401, { 'www-authenticate': 'Basic realm="staff"' }).end();
      },
      '/staff/more': (req, res) => res.writeHead(req.headers.authorization === basic ? 200 : 401, { 'www-authenticate': 'Basic realm="staff"' }).end(),
      '/vault/': digest,
      '/secret/': (_req, res) => res.writeHead(401, { 'www-authenticate': 'Basic realm="elsewhere"' }).end(),
    });
    try {
      const credential = (key: string, realm: string) => `<entry key="${key}"><bean class="org.archive.modules.credential.HttpAuthenticationCredential">
  <property name="domain" value="site.test:${site.port}"/><property name="realm" value="${realm}"/><property name="login" value="ann"/><property name="password" value="pw"/></bean></entry>`;
      const store = `<bean id="credentialStore" class="org.archive.modules.credential.CredentialStore">
  <property name="credentials"><map>${credential('staff', 'staff')}${credential('vault', 'vault')}</map></property></bean>`;
      const { log } = await crawlJob(fastSets([`http://site.test:${site.port}/`]), { beans: await beans(store) });
      const status = (path: string) => log.find((e) => e.uri === `http://site.test:${site.port}${path}`)?.status;
      expect(['/staff/', '/staff/more', '/vault/', '/secret/'].map(status)).to.deep.equal([200, 200, 200, 401]);
      const tries = (path: string) => site.requests.filter((r) => r.path === path).length;
      expect(['/staff/', '/staff/more', '/vault/', '/secret/'].map(tries)).to.deep.equal([2, 1, 2, 1]);
    } finally {
      await site.close();
    }
  });

  it('fetches every URI of a crawl through the HTTP proxy httpProxyHost:httpProxyPort', async () => {
    const site = await SiteServer.start({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private\n' },
      '/': { body: page('home', ['/a', '/b', '/private']) },
      '/a': { body: page('a', ['/b']) },
      '/b': { status: 301, headers: { location: '/c' } },
      '/c': { body: page('c') },
    });
    const relayed: string[] = [];
    const proxy = createServer((req, res) => {
      relayed.push(req.url!);
      const out = request(req.url!, { headers: req.headers }, (upstream) => {
        res.writeHead(upstream.statusCode!, upstream.headers);
        upstream.pipe(res);
      });
      out.on('error', () => res.writeHead(502).end());
      req.pipe(out);
    });
    proxy.listen(0, '127.0.0.1');
    await once(proxy, 'listening');
    const proxyPort = (proxy.address() as AddressInfo).port;
    try {
      const { log, exitStatus } = await crawlJob(fastSets([`${site.origin}/`]), {
        beans: await beans('', `<property name="httpProxyHost" value="127.0.0.1"/><property name="httpProxyPort" value="${proxyPort}"/>`),
      });
      expect(exitStatus).to.equal('FINISHED');
      expect(ok(log)).to.deep.equal(['/', '/a', '/c', '/robots.txt'].map((p) => `${site.origin}${p}`));
      expect(relayed.sort()).to.deep.equal(site.paths().map((p) => `${site.origin}${p}`).sort());
      expect(relayed).to.have.length(5);
    } finally {
      await site.close();
      proxy.closeAllConnections();
      proxy.close();
    }
  });
});
