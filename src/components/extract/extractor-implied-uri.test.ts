import { expect } from 'chai';
import { Registry } from '../../beans/registry/registry.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { Hop, type Link } from '../../model/hop.js';
import { EXTRACT_COMPONENTS } from './extract-components.js';
import { ExtractorImpliedUri } from './extractor-implied-uri.js';

const REDIRECTOR = '^https?://example\\.org/out\\?to=(https?://[^&]+).*$';

function withLinks(...uris: string[]): CrawlUri {
  const curi = new CrawlUri('http://example.org/');
  for (const uri of uris) curi.outlinks.push({ uri, hop: Hop.LINK, context: 'a/@href' });
  return curi;
}

function linksAfter(curi: CrawlUri, config: { regex?: string; format?: string; removeTriggerUris?: boolean }): string[] {
  new ExtractorImpliedUri({ enabled: true, shouldProcessRule: undefined, regex: '^(.*)$', format: '', removeTriggerUris: false, ...config }).process(curi);
  return curi.outlinks.map((l: Link) => `${l.hop} ${l.uri} ${l.context}`);
}

describe('ExtractorImpliedURI', () => {
  it('adds the URI format builds from each matching outlink, speculative, keeping the trigger', () => {
    const curi = withLinks('http://example.org/out?to=http://other.example/page&src=feed', 'http://example.org/about');
    expect(linksAfter(curi, { regex: REDIRECTOR, format: '$1' })).to.deep.equal([
      'L http://example.org/out?to=http://other.example/page&src=feed a/@href',
      'L http://example.org/about a/@href',
      'X http://other.example/page =SPECULATIVE_MISC',
    ]);
  });

  it('drops the triggering outlinks with removeTriggerUris', () => {
    const curi = withLinks('http://example.org/out?to=http://a.example/', 'http://example.org/about', 'http://example.org/out?to=http://b.example/');
    expect(linksAfter(curi, { regex: REDIRECTOR, format: '$1', removeTriggerUris: true })).to.deep.equal([
      'L http://example.org/about a/@href',
      'X http://a.example/ =SPECULATIVE_MISC',
      'X http://b.example/ =SPECULATIVE_MISC',
    ]);
  });

  it('matches whole URIs only, and skips what is not an absolute URI (the default format builds nothing)', () => {
    expect(linksAfter(withLinks('http://example.org/x/out?to=http://a.example/'), { regex: REDIRECTOR, format: '$1' })).to.have.length(1);
    expect(linksAfter(withLinks('http://example.org/a'), {})).to.have.length(1);
    expect(linksAfter(withLinks('http://example.org/a'), { regex: '^http://example\\.org/(.*)$', format: '/$1', removeTriggerUris: true })).to.deep.equal(['L http://example.org/a a/@href']);
  });

  it('reads format as Java does: ${name} groups and \\$ for a dollar sign', () => {
    const curi = withLinks('http://example.org/item/42');
    expect(linksAfter(curi, { regex: '^http://example\\.org/item/(?<id>\\d+)$', format: 'http://example.org/price\\$/${id}' })).to.include('X ' +
      'http://example.org/price$/42 =SPECULATIVE_MISC');
  });

  describe('its descriptor', () => {
    const descriptor = new Registry(EXTRACT_COMPONENTS).lookup('org.archive.modules.extractor.ExtractorImpliedURI')!;
    const issues = (config: Record<string, unknown>) =>
      descriptor.validate!({ config, refs: () => [] } as never, {} as never) as { property: string; message: string }[];

    it('has Heritrix\'s defaults', () => {
      expect(Object.fromEntries(Object.entries(descriptor.props).map(([k, p]) => [k, p.default]))).to.deep.equal({ enabled: true, regex: '^(.*)$', format: '', removeTriggerUris: false });
    });

    it('names a regex that does not compile, and a format referring to a group the regex lacks', () => {
      expect(issues({ regex: '(' })[0]).to.include({ property: 'regex' });
      expect(issues({ regex: '^(a)$', format: '$2' })[0]?.message).to.match(/no group/);
      expect(issues({ regex: REDIRECTOR, format: '$1' })).to.deep.equal([]);
    });
  });
});
