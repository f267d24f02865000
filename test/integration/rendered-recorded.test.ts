import { expect } from 'chai';
import { crawlJob, fastSets } from '../support/crawl-job.js';
import { renderingBeans } from '../support/rendering-beans.js';
import { requireServer } from '../support/require-server.js';
import { SiteServer, type Route } from '../support/site-server.js';
import { keepRunOutputs, type RunOutputs } from '../support/run-outputs.js';

const html = (body: string): Route => ({ body: `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>` });
const script = (body: string): Route => ({ headers: { 'content-type': 'text/javascript' }, body });
/** A page that loads `src` and writes what it set: its rendered text says whether the script ran. */
const usingLib = (src: string) => html(`<p>page</p><script src="${src}"></script>` +
  '<script>document.body.insertAdjacentHTML("beforeend", "<p>lib ran: " + window.libText + "</p>");</script>');
const LIB_JS = `window.libText = "forty-two";${' '.repeat(2000)}`;
const LIB = script(LIB_JS);

/** A run's outputs, all read (keepRunOutputs with warcs). */
type Seen = Required<RunOutputs>;

/** The server saw `path` once, the WARC has one response for it, and each page's rendered text shows the script ran. */
function expectOnce(site: SiteServer, seen: Seen, path: string, pages: readonly string[], lines: string): void {
  expect(site.paths().filter((p) => p === path), `requests for ${path} (server saw ${site.paths().join(' ')})`).to.have.length(1);
  expect(seen.responses.filter((u) => u === `${site.origin}${path}`), `${path}'s response records`).to.have.length(1);
  for (const page of pages) {
    const text = seen.documents.find((d) => d.url === `${site.origin}${page}`)?.text;
    expect(text, `${page}'s rendered text\n${lines}\n${seen.report}`).to.include('lib ran: forty-two');
  }
}

describe('BrowserProcessor: a sub-resource recorded once serves later pages from its WARC record', function () {
  this.timeout(120_000);

  before(function () {
    requireServer(this, 'chromium');
  });

  it('serves a page the script the frontier fetched on a part of the site not rendered', async () => {
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      // /plain/lib.js is in the queue before /r, on a part of the site whose sheet switches rendering off.
      '/': html('<a href="/plain/lib.js">lib</a> <a href="/r">r</a>'),
      '/plain/lib.js': LIB,
      '/r': usingLib('/plain/lib.js'),
    });
    try {
      const beans = await renderingBeans(`
 <bean id="noRendering" class="Sheet">
  <property name="map"><map><entry key="browser.enabled" value="false"/></map></property>
 </bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${site.origin}/plain/</value></list></property>
  <property name="targetSheetNames"><list><value>noRendering</value></list></property>
 </bean>`);
      const seen = {} as Seen;
      const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`]), { beans, inspect: keepRunOutputs(seen, { warcs: true }) });
      const lines = log.map((e) => e.line).join('\n');
      expect(exitStatus, lines).to.equal('FINISHED');
      expectOnce(site, seen, '/plain/lib.js', ['/r'], lines);
      const lib = log.filter((e) => e.uri === `${site.origin}/plain/lib.js`);
      expect(lib.map((e) => e.annotations.includes('browser')), `/plain/lib.js: fetched by the frontier, once\n${lines}`).to.deep.equal([false]);
      expect(seen.report, 'processors report').to.match(/ 1 served from what was recorded \(0 recorded but not readable/);
      expect(seen.report, 'processors report').to.match(/ 0 fetched though seen before/);
    } finally {
      await site.close();
    }
  });

  it('serves later pages a script dropped from the cache (maxCacheBytes) from its record', async () => {
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/': html('<a href="/p1">1</a> <a href="/p2">2</a> <a href="/p3">3</a>'),
      '/p1': usingLib('/lib.js'),
      '/p2': usingLib('/lib.js'),
      '/p3': usingLib('/lib.js'),
      '/lib.js': LIB,
    });
    try {
      const beans = (await renderingBeans()).replace('<property name="maxConcurrentPages" value="2"/>',
        '<property name="maxConcurrentPages" value="2"/><property name="maxCacheBytes" value="1"/>');
      const seen = {} as Seen;
      const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`]), { beans, inspect: keepRunOutputs(seen, { warcs: true }) });
      const lines = log.map((e) => e.line).join('\n');
      expect(exitStatus, lines).to.equal('FINISHED');
      expectOnce(site, seen, '/lib.js', ['/p1', '/p2', '/p3'], lines);
      expect(log.filter((e) => e.uri === `${site.origin}/lib.js`).map((e) => e.via), `/lib.js in crawl.log once\n${lines}`)
        .to.deep.equal([`${site.origin}/p1`]);
      expect(seen.report, 'processors report').to.match(/ 2 served from what was recorded \(0 recorded but not readable/);
    } finally {
      await site.close();
    }
  });

  it('serves a page the script the frontier is fetching when the page asks for it, once that fetch is written', async () => {
    let site: SiteServer | undefined;
    // The frontier fetches /lib.js of the other server from the start; it answers once the page has asked for /asking, then a
    // request for /lib.js again (the page's, were it fetched again) or a second: the page's request comes while it is fetched.
    const other = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/lib.js': (_req, res) => {
        let askedAt = 0;
        const poll = setInterval(() => {
          if (askedAt === 0 && site?.paths().includes('/asking')) askedAt = Date.now();
          if (askedAt === 0 || (other.paths().filter((p) => p === '/lib.js').length < 2 && Date.now() - askedAt < 1000)) return;
          clearInterval(poll);
          res.writeHead(200, { 'content-type': 'text/javascript' }).end(LIB_JS);
        }, 20);
      },
    });
    site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/': html('<p>page</p><script>fetch("/asking").then(function () { var s = document.createElement("script");' +
        ` s.src = "${other.origin}/lib.js"; s.onload = function () {` +
        ' document.body.insertAdjacentHTML("beforeend", "<p>lib ran: " + window.libText + "</p>"); }; document.head.appendChild(s); });</script>'),
      '/asking': { headers: { 'content-type': 'text/plain' }, body: 'ok' },
    });
    try {
      const seen = {} as Seen;
      const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`, `${other.origin}/lib.js`]), {
        beans: await renderingBeans(), inspect: keepRunOutputs(seen, { warcs: true }),
      });
      const lines = log.map((e) => e.line).join('\n');
      expect(exitStatus, lines).to.equal('FINISHED');
      const saw = other.requests.map((r) => `${r.path} at ${r.at}`).join(', ');
      expect(other.paths().filter((p) => p === '/lib.js'), `requests for /lib.js (server saw ${saw})\n${lines}\n${seen.report}`).to.have.length(1);
      expect(seen.responses.filter((u) => u === `${other.origin}/lib.js`), '/lib.js\'s response records').to.have.length(1);
      const text = seen.documents.find((d) => d.url === `${site.origin}/`)?.text;
      expect(text, `the page's rendered text\n${lines}\n${seen.report}`).to.include('lib ran: forty-two');
      expect(seen.report, `processors report\n${lines}`).to.match(/ 1 served from what was recorded \(0 recorded but not readable/);
    } finally {
      await site.close();
      await other.close();
    }
  });
});
