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
      const alerts = await readFile(join(job.dir, result.runDir, 'logs', 'alerts.log'), 'utf8').catch(() => '');
      expect(alerts, 'a login that worked is not alerted').to.not.include('form login');
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

describe('a form login the site refuses (HtmlFormCredential, integration)', function () {
  this.timeout(30000);
  let site: SiteServer;
  /** How the login page refuses: 401, or the login form again (200), or a redirect back to it. */
  let refusal: 'status' | 'form' | 'redirect' = 'status';
  const fetched: string[] = [];
  const loginForm = '<html><body><p>wrong password</p><form method="post" action="/login">' +
    '<input name="user"><input type="password" name="password"><button>log in</button></form></body></html>';

  before(async () => {
    site = await SiteServer.start({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow:\n' },
      '/login': (req, res) => {
        fetched.push(`${req.method} ${req.url}`);
        req.resume();
        req.on('end', () => {
          if (req.method === 'GET') {
            res.writeHead(200, { 'content-type': 'text/html' });
            res.end(loginForm);
          } else if (refusal === 'status') {
            res.writeHead(403, 'Forbidden', { 'content-type': 'text/plain' });
            res.end('no');
          } else if (refusal === 'form') {
            res.writeHead(200, { 'content-type': 'text/html' });
            res.end(loginForm);
          } else {
            res.writeHead(302, { location: '/login?error' });
            res.end();
          }
        });
      },
      '/': (req, res) => {
        fetched.push(`${req.method} ${req.url}`);
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(page('home', ['/a.html']));
      },
      '/a.html': (req, res) => {
        fetched.push(`${req.method} ${req.url}`);
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(page('a', []));
      },
    });
  });
  after(() => site.close());

  /** One crawl of the site; its crawl.log and alerts.log. */
  async function crawl(): Promise<{ log: CrawlLogEntry[]; alerts: string }> {
    fetched.length = 0;
    const domain = new URL(site.origin).host;
    const job = await tempDir({ 'crawler-beans.xml': await profileWithLogin(domain, `${site.origin}/login`) });
    try {
      const result = await launchJob(job.dir, { sets: [...fastSets([`${site.origin}/`])] });
      expect(result.exitStatus).to.equal('FINISHED');
      const logs = join(job.dir, result.runDir, 'logs');
      return { log: parseCrawlLog(await readFile(join(logs, 'crawl.log'), 'utf8')), alerts: await readFile(join(logs, 'alerts.log'), 'utf8') };
    } finally {
      await job.cleanup();
    }
  }

  for (const [kind, words] of [
    ['status', 'answered 403 Forbidden'],
    ['form', 'answered 200 with the login form again'],
    ['redirect', 'answered 302, back to the login form'],
  ] as const) {
    it(`alerts naming the domain and the login's outcome when the login ${kind === 'status' ? 'answers 403' : kind === 'form' ? 'shows the form ' +
      'again' : 'redirects back to it'}, and still crawls the site`, async () => {
      refusal = kind;
      const { log, alerts } = await crawl();
      const domain = new URL(site.origin).host;
      const lines = alerts.split('\n').filter((l) => l.includes('form login'));
      expect(lines, alerts).to.have.length(1);
      expect(lines[0]).to.include(`WARNING form login for ${domain} failed: POST ${site.origin}/login ${words}`);
      expect(fetched[0]).to.equal('POST /login');
      const status = (path: string) => log.find((e) => e.uri === `${site.origin}${path}`)?.status;
      expect([status('/'), status('/a.html')]).to.deep.equal([200, 200]);
    });
  }
});
