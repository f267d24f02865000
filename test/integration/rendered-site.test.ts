import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crawlJob, fastSets, type CrawlLogEntry } from '../support/crawl-job.js';
import { renderingBeans } from '../support/rendering-beans.js';
import { requireServer } from '../support/require-server.js';
import { SCRIPT_ONLY_PAGES, scriptSite } from '../support/script-site.js';
import { SiteServer } from '../support/site-server.js';
import { until } from '../support/until.js';
import { field, readWarcFile, type WarcRecordRead } from '../support/warc-reader.js';
import { WarcReplay } from '../support/warc-replay.js';
import { DocumentTextCollector } from '../../src/components/extract/document-text-collector.js';
import { drain } from '../../src/components/extract/parse-budget.js';

async function filesUnder(dir: string, suffix: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((e) => e.endsWith(suffix)).map((e) => join(dir, e));
}

interface RunSeen {
  readonly records: WarcRecordRead[];
  readonly report: string;
  /** documents.jsonl's lines: url and text. */
  readonly documents: Array<{ url: string; text?: string }>;
}

async function inspectRun(runDir: string, seen: { value?: RunSeen }): Promise<void> {
  const records: WarcRecordRead[] = [];
  for (const f of await filesUnder(runDir, '.warc.gz')) records.push(...(await readWarcFile(f)));
  const reports = await filesUnder(runDir, 'processors-report.txt');
  const lists = await filesUnder(runDir, 'documents.jsonl');
  const documents = lists.length ? (await readFile(lists[0], 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
  seen.value = { records, report: reports.length ? await readFile(reports[0], 'utf8') : '', documents };
}

/** The text ExtractorDocument reads from markup: what the crawl handed to receivers for a rendered page. */
function textOf(markup: string): string {
  const collector = new DocumentTextCollector(1_000_000);
  drain(collector.steps(markup, false));
  return collector.result().text;
}

const pathOf = (origin: string) => (e: CrawlLogEntry) => e.uri.startsWith(origin) ? e.uri.slice(origin.length) : e.uri;

describe('BrowserProcessor: a site whose links exist only once its script runs', function () {
  this.timeout(120_000);

  before(function () {
    requireServer(this, 'chromium');
  });

  it('renders every page, its requests fetched through the crawl: shared ones once, the refused never', async () => {
    const outside = await SiteServer.start({ '/evil.js': { headers: { 'content-type': 'text/javascript' }, body: 'window.evil = 1;' } });
    const site = await SiteServer.start(scriptSite(`http://localhost:${outside.port}`));
    try {
      const seen: { value?: RunSeen } = {};
      const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`]), { beans: await renderingBeans(), inspect: (run) => inspectRun(run, seen) });
      expect(exitStatus).to.equal('FINISHED');
      if (process.env.RENDER_DEBUG) console.log(log.map((e) => e.line).join('\n'));
      const path = pathOf(site.origin);
      const count = (p: string) => site.paths().filter((x) => x === p).length;
      for (const page of ['/', ...SCRIPT_ONLY_PAGES]) expect(count(page), `${page} fetched once (server saw ${site.paths().join(' ')})`).to.equal(1);
      for (const shared of ['/style.css', '/app.js', '/api/items.json']) {
        expect(count(shared), `${shared} requested once in the whole crawl (server saw ${site.paths().join(' ')})`).to.equal(1);
      }
      expect(count('/private/secret.js'), 'the Disallowed sub-resource is never fetched').to.equal(0);
      expect(outside.paths(), 'the out-of-scope script is never fetched').to.deep.equal([]);
      // crawl.log: each sub-resource once, annotated, with the page that asked first as its via.
      for (const shared of ['/style.css', '/app.js', '/api/items.json']) {
        const lines = log.filter((e) => path(e) === shared);
        expect(lines.map((e) => e.line), `${shared} in crawl.log once`).to.have.length(1);
        expect(lines[0].annotations.split(','), `${shared}'s annotations`).to.include('browser');
        expect(lines[0].via, `${shared}'s via: a page`).to.match(new RegExp(`^${site.origin}/`));
        expect(lines[0].hops.endsWith('E'), `${shared}'s hop path ${lines[0].hops}`).to.equal(true);
      }
      const secret = log.filter((e) => path(e) === '/private/secret.js');
      expect(secret.map((e) => e.status), 'the Disallowed sub-resource: -9998 in crawl.log, once').to.deep.equal([-9998]);
      for (const page of ['/', ...SCRIPT_ONLY_PAGES]) {
        const line = log.find((e) => path(e) === page);
        expect(line?.annotations.split(','), `${page} rendered`).to.include('rendered');
      }
      // The WARC, read by the independent reader: each sub-resource's response once.
      const responses = seen.value!.records.filter((r) => field(r, 'WARC-Type') === 'response').map((r) => field(r, 'WARC-Target-URI')!);
      for (const shared of ['/style.css', '/app.js', '/api/items.json']) {
        expect(responses.filter((u) => u === `${site.origin}${shared}`), `${shared}'s response records`).to.have.length(1);
      }
      expect(seen.value!.report, 'processors report').to.match(/1 browser launches/);
      // What receivers get is the rendered page's text; the screenshot and the DOM are resource records.
      const home = seen.value!.documents.find((d) => d.url === `${site.origin}/`);
      expect(home?.text, 'the home page\'s text as rendered').to.include('rendered text one');
      const resource = (uri: string) => seen.value!.records.find((r) => field(r, 'WARC-Type') === 'resource' && field(r, 'WARC-Target-URI') === uri);
      const shot = resource(`urn:view:${site.origin}/`);
      expect(field(shot!, 'Content-Type'), 'the screenshot record').to.equal('image/png');
      expect(shot!.block.subarray(1, 4).toString('latin1'), 'a PNG').to.equal('PNG');
      const dom = resource(`urn:dom:${site.origin}/more/1`);
      expect(dom?.block.toString('utf8'), 'the rendered DOM record').to.include('href="/more/2"');
    } finally {
      await site.close();
      await outside.close();
    }
  });

  it('replays every rendered page from the WARC alone, with the site closed, showing the text it showed when crawled', async () => {
    const site = await SiteServer.start(scriptSite());
    const origin = site.origin;
    const seen: { value?: RunSeen } = {};
    try {
      const { exitStatus } = await crawlJob(fastSets([`${site.origin}/`]), { beans: await renderingBeans(), inspect: (run) => inspectRun(run, seen) });
      expect(exitStatus).to.equal('FINISHED');
    } finally {
      await site.close();
    }
    const replay = await WarcReplay.open(seen.value!.records);
    try {
      for (const page of ['/', ...SCRIPT_ONLY_PAGES]) {
        const url = `${origin}${page}`;
        const crawled = seen.value!.documents.find((d) => d.url === url)?.text;
        expect(crawled, `${page}'s text in documents.jsonl`).to.be.a('string').and.include('rendered text one');
        let shown = '';
        await replay.page(url, async (p) => {
          // What the crawl's behaviours did (the bean: scroll to the end, click #more while there is one), done by hand.
          await p.waitForLoadState('networkidle');
          await p.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
          for (let i = 0; i < 5 && (await p.locator('#more').count()) === 1; i++) await p.locator('#more').click();
          const same = async () => (shown = textOf(await p.content())) === crawled;
          await until(same, `${page} replayed from the WARC to show its crawled text`, { timeoutMs: 10_000 })
            .catch((e: Error) => {
              throw new Error(`${e.message}\ncrawled: ${JSON.stringify(crawled)}\nreplayed: ${JSON.stringify(shown)}\n` +
                `not in the WARC: ${[...replay.missing].join(' ')}`);
            });
        });
      }
      // What the page asked for and the WARC lacks is only what the crawl refused too: the Disallowed script.
      expect([...replay.missing], 'requests the WARC could not answer').to.deep.equal([`GET ${origin}/private/secret.js`]);
    } finally {
      await replay.close();
    }
  });

  it('never starts the browser for a site whose sheet switches rendering off, which then yields its shell only', async () => {
    const site = await SiteServer.start(scriptSite());
    try {
      const seen: { value?: RunSeen } = {};
      const beans = await renderingBeans(`
 <bean id="noRendering" class="Sheet">
  <property name="map"><map><entry key="browser.enabled" value="false"/></map></property>
 </bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${site.origin}/</value></list></property>
  <property name="targetSheetNames"><list><value>noRendering</value></list></property>
 </bean>`);
      const { exitStatus } = await crawlJob(fastSets([`${site.origin}/`]), { beans, inspect: (run) => inspectRun(run, seen) });
      expect(exitStatus).to.equal('FINISHED');
      expect(site.paths().sort(), 'the shell and what its HTML names').to.deep.equal(['/', '/app.js', '/robots.txt', '/style.css']);
      expect(seen.value!.report, 'processors report').to.match(/0 pages rendered.*; 0 browser launches/);
    } finally {
      await site.close();
    }
  });

  it('goes on past a page that never settles, one that loops forever and one that opens dialogs', async () => {
    const html = (body: string) => ({ body: `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>` });
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/': html('<a href="/busy">busy</a> <a href="/loop">loop</a> <a href="/dialogs">dialogs</a>'),
      // Polls the network for ever: never idle.
      '/busy': html('<script>setInterval(function () { fetch("/tick?" + Math.random()).catch(function () {}); }, 50);</script><a href="/after-busy">x</a>'),
      '/tick': { headers: { 'content-type': 'text/plain' }, body: 'tick' },
      // Blocks its renderer: the page answers nothing until it is closed.
      '/loop': html('<a href="/after-loop">x</a><script>for (;;) {}</script>'),
      '/dialogs': html('<script>alert("hi"); confirm("sure?"); window.open("/popup");' +
        'document.body.insertAdjacentHTML("beforeend", "<a href=\\"/after-dialogs\\">x</a>");</script>'),
      '/popup': html('popup'),
      '/after-busy': html('after'),
      '/after-loop': html('after'),
      '/after-dialogs': html('after'),
    });
    try {
      const beans = (await renderingBeans()).replace('<property name="maxConcurrentPages" value="2"/>',
        '<property name="maxConcurrentPages" value="2"/><property name="pageTimeoutMs" value="3000"/>');
      const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`]), { beans });
      expect(exitStatus).to.equal('FINISHED');
      const path = pathOf(site.origin);
      const annotations = (p: string) => log.find((e) => path(e) === p)?.annotations.split(',') ?? [];
      expect(annotations('/busy'), '/busy: cut at its budget').to.include('renderTrunc');
      expect(annotations('/dialogs'), '/dialogs: rendered, its dialogs dismissed').to.include('rendered');
      expect(annotations('/after-dialogs'), 'the link its script wrote past its dialogs').to.include('rendered');
      expect(annotations('/after-busy'), 'the link of the page that never settled').to.include('rendered');
      // The looping page: cut, and the crawl goes on (its static link is found by the HTML extractor).
      expect(annotations('/loop').some((a) => a === 'renderTrunc' || a === 'renderFailed'), `/loop: ${annotations('/loop')}`).to.equal(true);
      expect(annotations('/after-loop'), 'the crawl went on past the looping page').to.include('rendered');
    } finally {
      await site.close();
    }
  });
});
