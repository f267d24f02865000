import { expect } from 'chai';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fastSets, parseCrawlLog, type CrawlLogEntry } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { page, SiteServer } from '../../../test/support/site-server.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { launchJob } from '../../job/launch-job.js';

/** The default profile with a credential store holding one form login for the test site. */
async function profileWithLogin(domain: string, loginUri: string): Promise<string> {
  const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
  const store = `<bean id="credentialStore" class="org.archive.modules.credential.CredentialStore">
  <property name="credentials"><map><entry key="site"><bean class="org.archive.modules.credential.HtmlFormCredential">
   <property name="domain" value="${domain}"/>
   <property name="loginUri" value="${loginUri}"/>
   <property name="formItems"><map><entry key="user" value="alice"/><entry key="password" value="s3cret &amp; more"/></map></property>
  </bean></entry></map></property>
 </bean>`;
  return profile.replace('</beans>', `${store}\n</beans>`);
}

/** What the site saw of each request: method, path, the session cookie sent and any form body. */
interface Seen {
  readonly method: string;
  readonly path: string;
  readonly session: boolean;
  readonly body: string;
}

describe('a form login in a real crawl (HtmlFormCredential, integration)', function () {
  this.timeout(30000);
  let site: SiteServer;
  const seen: Seen[] = [];

  /** A page only a logged-in session may see: 403 without the cookie the login sets. */
  const protectedPage = (body: string) => (req: IncomingMessage, res: ServerResponse) => {
    const session = /(?:^|;\s*)session=ok(?:;|$)/.test(req.headers.cookie ?? '');
    seen.push({ method: req.method!, path: req.url!, session, body: '' });
    res.writeHead(session ? 200 : 403, { 'content-type': 'text/html' });
    res.end(session ? body : 'log in first');
  };

  before(async () => {
    site = await SiteServer.start({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow:\n' },
      '/login': (req, res) => {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => (body += chunk));
        req.on('end', () => {
          seen.push({ method: req.method!, path: req.url!, session: false, body });
          const form = new URLSearchParams(body);
          const ok = req.method === 'POST' && form.get('user') === 'alice' && form.get('password') === 's3cret & more';
          res.writeHead(ok ? 200 : 401, { 'content-type': 'text/html', ...(ok ? { 'set-cookie': 'session=ok; Path=/; HttpOnly' } : {}) });
          res.end(ok ? '<html>welcome</html>' : 'wrong login');
        });
      },
      '/': protectedPage(page('home', ['/a.html', '/b.html'])),
      '/a.html': protectedPage(page('a', ['/b.html'])),
      '/b.html': protectedPage(page('b', ['/'])),
    });
  });
  after(() => site.close());

  it('POSTs the form once before any other page of the site, and fetches the protected pages with its session cookie', async () => {
    const job = await tempDir({ 'crawler-beans.xml': await profileWithLogin(new URL(site.origin).host, `${site.origin}/login`) });
    let log: CrawlLogEntry[];
    try {
      const result = await launchJob(job.dir, { sets: [...fastSets([`${site.origin}/`])] });
      expect(result.exitStatus).to.equal('FINISHED');
      log = parseCrawlLog(await readFile(join(job.dir, result.runDir, 'logs', 'crawl.log'), 'utf8'));
    } finally {
      await job.cleanup();
    }
    const logins = seen.filter((s) => s.path === '/login');
    expect(logins.map((s) => [s.method, s.body])).to.deep.equal([['POST', 'user=alice&password=s3cret+%26+more']]);
    expect(seen[0].path).to.equal('/login');
    expect(seen.slice(1).map((s) => [s.path, s.session])).to.have.deep.members([['/', true], ['/a.html', true], ['/b.html', true]]);
    const status = (path: string) => log.find((e) => e.uri === `${site.origin}${path}`)?.status;
    expect([status('/login'), status('/'), status('/a.html'), status('/b.html')]).to.deep.equal([200, 200, 200, 200]);
  });
});
