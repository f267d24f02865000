import { expect } from 'chai';
import { Registry } from '../../beans/registry/registry.js';
import { EXTRACT_COMPONENTS } from './extract-components.js';
import { ExtractorHtml } from './extractor-html.js';
import { ExtractorHttp } from './extractor-http.js';

describe('EXTRACT_COMPONENTS', () => {
  const registry = new Registry(EXTRACT_COMPONENTS);

  it('registers ExtractorHttp and ExtractorHtml under Heritrix\'s names too', () => {
    for (const name of ['ExtractorHttp', 'ExtractorHTTP', 'org.archive.modules.extractor.ExtractorHTTP']) expect(registry.lookup(name)?.name, name).to.equal('ExtractorHttp');
    for (const name of ['ExtractorHtml', 'ExtractorHTML', 'org.archive.modules.extractor.ExtractorHTML']) expect(registry.lookup(name)?.name, name).to.equal('ExtractorHtml');
  });

  it('describes processors with Heritrix\'s defaults, every property documented and overlayable', () => {
    const html = registry.lookup('ExtractorHtml')!;
    expect(html.kinds).to.deep.equal(['Processor']);
    const defaults = Object.fromEntries(Object.entries(html.props).map(([k, p]) => [k, p.default]));
    expect(defaults).to.deep.equal({ enabled: true, treatFramesAsEmbedLinks: true, ignoreFormActionUrls: false, extractOnlyFormGets: true, obeyRelNofollow: false, ignoreUnexpectedHtml: true });
    for (const d of EXTRACT_COMPONENTS) {
      for (const [name, p] of Object.entries(d.props)) {
        expect(p.description, `${d.name}.${name}`).to.not.equal('');
        expect(p.overlayable, `${d.name}.${name}`).to.equal(true);
      }
      expect(d.refs?.metadata).to.include({ kind: 'CrawlMetadata', autowire: true });
      expect(d.refs?.metadata?.required).to.not.equal(true);
      expect(d.refs).to.have.property('shouldProcessRule');
    }
  });

  it('loads the implementations', async () => {
    expect(await registry.lookup('ExtractorHttp')!.load!()).to.equal(ExtractorHttp);
    expect(await registry.lookup('ExtractorHtml')!.load!()).to.equal(ExtractorHtml);
  });
});
