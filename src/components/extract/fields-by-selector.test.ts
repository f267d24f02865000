import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { BeanView } from '../../beans/registry/component-descriptor.js';
import { parseFieldSpec } from './field-spec.js';
import { FIELDS_SKIPPED, FieldsBySelector } from './fields-by-selector.js';
import { fieldsBySelectorComponent } from './fields-by-selector.descriptor.js';

function fetched(html: string): CrawlUri {
  const curi = new CrawlUri('http://example.org/item');
  const body = Buffer.from(html, 'utf8');
  curi.fetchStatus = 200;
  curi.contentType = 'text/html; charset=utf-8';
  curi.contentCharset = 'utf-8';
  curi.response = { statusCode: 200, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers: { 'content-type': 'text/html; ' +
    'charset=utf-8' }, rawBody: body, body, ipAddress: '127.0.0.1' };
  return curi;
}

const ITEM = `<html><head><meta name="author" content="Ann Smith"></head><body>
  <h1 class="name"> Blue   kettle </h1><span class="price">€ 24.90</span><span class="price">€ 19.90</span>
  <ul class="tags"><li>kitchen</li><li>steel</li></ul><a class="shop" href="/shop/7">Shop</a></body></html>`;

describe('FieldsBySelector', () => {
  it('reads a field as written: the first match, every match, or an attribute', () => {
    expect(parseFieldSpec(' h1.name ')).to.deep.equal({ selector: 'h1.name', all: false });
    expect(parseFieldSpec('all ul.tags li')).to.deep.equal({ selector: 'ul.tags li', all: true });
    expect(parseFieldSpec('meta[name=author] @content')).to.deep.equal({ selector: 'meta[name=author]', all: false, attribute: 'content' });
  });

  it('takes each field from the page, leaves out one that matches nothing, and keeps what ExtractorDocument read', () => {
    const curi = fetched(ITEM);
    curi.extracted = { title: 'Kettle', text: 'read before', meta: {}, fields: {} };
    new FieldsBySelector({
      enabled: true, shouldProcessRule: undefined, maxBytes: 1 << 20,
      fields: { name: 'h1.name', price: 'span.price', prices: 'all span.price', tags: 'all ul.tags li', author: 'meta[name=author] ' +
        '@content', shop: 'a.shop @href', missing: 'div.nope', noAttr: 'h1 @data-x' },
    }).process(curi);
    expect(curi.extracted).to.deep.equal({
      title: 'Kettle', text: 'read before', meta: {},
      fields: { name: 'Blue kettle', price: '€ 24.90', prices: ['€ 24.90', '€ 19.90'], tags: ['kitchen', 'steel'], author: 'Ann Smith', shop: '/shop/7' },
    });
  });

  it('does not parse a page larger than maxBytes, and says so', () => {
    const curi = fetched(ITEM);
    new FieldsBySelector({ enabled: true, shouldProcessRule: undefined, maxBytes: 10, fields: { name: 'h1' } }).process(curi);
    expect(curi.extracted).to.equal(undefined);
    expect(curi.annotations).to.include(FIELDS_SKIPPED);
  });

  it('reports a selector that is not one at its entry, and an empty one', async () => {
    const at = { file: 'crawler-beans.xml', line: 12, column: 20 };
    const view: BeanView = {
      id: 'fields', className: 'FieldsBySelector', config: { fields: { good: 'h1', bad: 'span[', empty: ' @href' } },
      locationOf: (_p, key) => (key === 'bad' ? at : { file: 'crawler-beans.xml', line: 1, column: 1 }), refs: () => [],
    };
    const issues = await fieldsBySelectorComponent.validate!(view);
    expect(issues.map((i) => i.message)).to.have.length(2);
    expect(issues[0]).to.deep.include({ property: 'fields', at });
    expect(issues[0].message).to.match(/^field "bad": "span\[" is not a CSS selector/);
    expect(issues[1].message).to.equal('field "empty" has no selector');
  });
});
