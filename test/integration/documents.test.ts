import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crawlJob, fastSets } from '../support/crawl-job.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { SiteServer } from '../support/site-server.js';

/** The default profile with ExtractorDocument and FieldsBySelector after the link extractors, and a JSON Lines receiver mapping what they read. */
async function searchProfile(fields: Record<string, string>): Promise<string> {
  const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
  const entries = Object.entries(fields).map(([k, v]) => `<entry key="${k}" value="${v}"/>`).join('');
  return profile
    .replace('<ref bean="extractorSwf"/>', '<ref bean="extractorSwf"/>\n    <ref bean="extractorDocument"/>\n    <ref bean="fieldsBySelector"/>')
    .replace(/<bean class="JsonlReceiver">[\s\S]*?<\/bean>/, `<bean class="JsonlReceiver"><property name="mapping"><map>
      <entry key="httpUrl" value="url"/><entry key="title" value="title"/><entry key="text" value="text"/><entry key="language" value="lang"/>
      <entry key="description" value="description"/><entry key="keywords" value="keywords"/><entry key="meta.revision" value="version"/>
      <entry key="header.X-Shop" value="shop"/><entry key="field.price" value="price"/><entry key="field.tags" value="tags"/>
    </map></property></bean>`)
    .replace('</beans>', ` <bean id="extractorDocument" class="ExtractorDocument"/>
 <bean id="fieldsBySelector" class="FieldsBySelector"><property name="fields"><map>${entries}</map></property></bean>
</beans>`);
}

const HOME = `<!doctype html><html lang="en"><head><title>Kettles &amp; more</title>
<meta name="description" content="Every kettle"><meta name="keywords" content="kettle, tea"><meta name="revision" content="12">
<script>var junk = "script text";</script><style>p { color: blue }</style></head>
<body><nav><a href="/item">Item</a></nav><main><h1>Welcome</h1><p>We sell kettles.</p></main><footer>© Shop</footer></body></html>`;
const ITEM_A = '<html><head><title>Blue kettle</title></head><body><h1>Blue kettle</h1><span class="price">24.90</span><ul ' +
  'class="tags"><li>steel</li></ul></body></html>';
const ITEM_B = '<html><head><title>Red kettle</title></head><body><div class="cost">19.90</div><span class="price">not this one</span></body></html>';

describe('documents for a search index: text, attributes by mapping, fields by selector (a crawl of two loopback sites)', function () {
  this.timeout(60_000);

  it('delivers each page\'s text, title, declared attributes, headers and fields, with a site\'s own selectors from its sheet', async () => {
    const html = { 'content-type': 'text/html; charset=utf-8' };
    const a = await SiteServer.start({ '/': { headers: { ...html, 'x-shop': 'north' }, body: HOME.replace('/item', '/item') }, '/item': { headers: html, body: ITEM_A } });
    const b = await SiteServer.start({ '/': { headers: html, body: '<html><body><a ' +
      'href="/item">x</a></body></html>' }, '/item': { headers: html, body: ITEM_B } });
    const sheet = `<beans>
 <bean id="shopB" class="Sheet"><property name="map"><map>
  <entry key="fieldsBySelector.fields"><map><entry key="price" value="div.cost"/></map></entry>
 </map></property></bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${b.origin}/</value></list></property>
  <property name="targetSheetNames"><list><value>shopB</value></list></property>
 </bean>
</beans>`;
    try {
      let rows: Array<Record<string, unknown>> = [];
      const result = await crawlJob(fastSets([`${a.origin}/`, `${b.origin}/`]), {
        beans: await searchProfile({ price: 'span.price', tags: 'all ul.tags li' }),
        files: { 'sheets/shop-b.xml': sheet },
        inspect: async (runDir) => {
          rows = (await readFile(join(runDir, 'documents.jsonl'), 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
        },
      });
      expect(result.exitStatus).to.equal('FINISHED');
      const byUrl = new Map(rows.map((r) => [r.url as string, r]));
      expect(byUrl.get(`${a.origin}/`)).to.deep.equal({
        kind: 'found', url: `${a.origin}/`, title: 'Kettles & more', text: 'Welcome\nWe sell kettles.', lang: 'en',
        description: 'Every kettle', keywords: ['kettle', 'tea'], version: '12', shop: 'north',
      });
      expect(byUrl.get(`${a.origin}/item`)).to.deep.include({ title: 'Blue kettle', price: '24.90', tags: ['steel'] });
      // Site B's sheet gives it its own selector: the price is the div's, not the span's.
      expect(byUrl.get(`${b.origin}/item`)).to.deep.include({ title: 'Red kettle', price: '19.90' });
      expect(byUrl.get(`${b.origin}/item`)).to.not.have.property('tags');
      // robots.txt is not a document.
      expect([...byUrl.keys()].some((u) => u.endsWith('/robots.txt'))).to.equal(false);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
