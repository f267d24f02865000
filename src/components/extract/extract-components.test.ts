import { expect } from 'chai';
import { Registry } from '../../beans/registry/registry.js';
import { EXTRACT_COMPONENTS } from './extract-components.js';
import { ExtractorCss } from './extractor-css.js';
import { ExtractorHtml } from './extractor-html.js';
import { ExtractorHttp } from './extractor-http.js';
import { ExtractorJs } from './extractor-js.js';
import { ExtractorRobotsTxt } from './extractor-robots-txt.js';
import { ExtractorSitemap } from './extractor-sitemap.js';
import { ExtractorSwf } from './extractor-swf.js';

describe('EXTRACT_COMPONENTS', () => {
  const registry = new Registry(EXTRACT_COMPONENTS);
  const names: Record<string, string[]> = {
    ExtractorHttp: ['ExtractorHTTP', 'org.archive.modules.extractor.ExtractorHTTP'],
    ExtractorHtml: ['ExtractorHTML', 'org.archive.modules.extractor.ExtractorHTML'],
    ExtractorCss: ['ExtractorCSS', 'org.archive.modules.extractor.ExtractorCSS'],
    ExtractorSwf: ['ExtractorSWF', 'org.archive.modules.extractor.ExtractorSWF'],
    ExtractorRobotsTxt: ['org.archive.modules.extractor.ExtractorRobotsTxt'],
    ExtractorJs: ['ExtractorJS', 'org.archive.modules.extractor.ExtractorJS', 'ConfigurableExtractorJS', 'org.archive.modules.extractor.ConfigurableExtractorJS'],
    ExtractorSitemap: ['org.archive.modules.extractor.ExtractorSitemap'],
    ExtractorXML: ['ExtractorXml', 'org.archive.modules.extractor.ExtractorXML'],
    ExtractorImpliedURI: ['ExtractorImpliedUri', 'org.archive.modules.extractor.ExtractorImpliedURI'],
  };

  it('registers every extractor of Heritrix\'s default fetch chain under Heritrix\'s names too', () => {
    expect(EXTRACT_COMPONENTS.map((d) => d.name)).to.deep.equal(['ExtractorHttp', 'ExtractorRobotsTxt', 'ExtractorSitemap', 'ExtractorHtml', 'ExtractorCss', 'ExtractorJs', 'ExtractorSwf', 'ExtractorXML', 'ExtractorImpliedURI']);
    for (const [name, aliases] of Object.entries(names)) {
      for (const alias of [name, ...aliases]) expect(registry.lookup(alias)?.name, alias).to.equal(name);
    }
  });

  it('describes processors with Heritrix\'s defaults (and beancrawl\'s parse budget), every property documented and overlayable but those Heritrix ' +
    'keeps out of its sheets', () => {
    // ExtractorHTTP.inferRootPage is a plain field in Heritrix, not a keyed (overlayable) property
    // (inferPaths is keyed there, but not yet here);
    // ConfigurableExtractorJS's are accepted without being used, so a sheet has nothing to change;
    // ExtractorHtml.parseThreads is the size of the crawl's one pool of parse threads.
    const notOverlayable = (d: { name: string }, name: string, p: { ignored?: string }) => p.ignored !== undefined || ['ExtractorHttp.inferRootPage', 'ExtractorHttp.inferPaths', 'ExtractorHtml.parseThreads'].includes(`${d.name}.${name}`);
    const defaults = (name: string) => Object.fromEntries(Object.entries(registry.lookup(name)!.props).map(([k, p]) => [k, p.default]));
    expect(defaults('ExtractorHtml')).to.deep.equal({
      enabled: true, treatFramesAsEmbedLinks: true, ignoreFormActionUrls: false, extractOnlyFormGets: true, obeyRelNofollow: false,
      extractJavascript: false, extractValueAttributes: true, maxParseTimeMs: 5000, maxElementDepth: 512, parseThreads: 0, minThreadParseBytes: 1024, maxElementLength: 64, maxAttributeNameLength: 64, maxAttributeValLength: 2048, ignoreUnexpectedHtml: true,
    });
    expect(defaults('ExtractorSitemap')).to.deep.equal({
      enabled: true, urlPattern: undefined, enableLenientExtraction: false, maxUncompressedBytes: 52428800, maxParseTimeMs: 5000, maxElementDepth: 512,
    });
    for (const name of ['ExtractorSwf', 'ExtractorRobotsTxt']) expect(defaults(name), name).to.deep.equal({ enabled: true });
    for (const name of ['ExtractorCss', 'ExtractorXML']) expect(defaults(name), name).to.deep.equal({ enabled: true, maxParseTimeMs: 5000 });
    expect(registry.lookup('ExtractorJs')!.props.maxParseTimeMs?.default).to.equal(5000);
    for (const d of EXTRACT_COMPONENTS) {
      expect(d.kinds).to.deep.equal(['Processor']);
      for (const [name, p] of Object.entries(d.props)) {
        expect(p.description, `${d.name}.${name}`).to.not.equal('');
        expect(p.overlayable === true, `${d.name}.${name}`).to.equal(!notOverlayable(d, name, p));
      }
      expect(d.refs).to.have.property('shouldProcessRule');
    }
    for (const name of ['ExtractorHttp', 'ExtractorHtml']) {
      expect(registry.lookup(name)!.refs?.metadata).to.include({ kind: 'CrawlMetadata', autowire: true });
      expect(registry.lookup(name)!.refs?.metadata?.required).to.not.equal(true);
    }
  });

  it('keeps ExtractorJs off by default, its description saying why', () => {
    const js = registry.lookup('ExtractorJs')!;
    expect(js.props.enabled.default).to.equal(false);
    expect(js.props.enabled.description).to.match(/#232/);
    expect(js.description).to.match(/junk/);
  });

  it('checks that urlPattern compiles', async () => {
    const sitemap = registry.lookup('ExtractorSitemap')!;
    const view = (urlPattern: unknown) => ({ id: 'extractorSitemap', className: 'ExtractorSitemap', config: { urlPattern }, locationOf: () => ({ file: 'x', line: 1, column: 1 }), refs: () => [] });
    expect(await sitemap.validate!(view('(?i).*sitemap.*\\.xml'), { jobDir: '.' })).to.deep.equal([]);
    expect(await sitemap.validate!(view(undefined), { jobDir: '.' })).to.deep.equal([]);
    const issues = await sitemap.validate!(view('.*(sitemap'), { jobDir: '.' });
    expect(issues).to.have.length(1);
    expect(issues[0]).to.include({ property: 'urlPattern' });
  });

  it('loads the implementations', async () => {
    const classes: Record<string, unknown> = { ExtractorHttp, ExtractorHtml, ExtractorCss, ExtractorJs, ExtractorSwf, ExtractorRobotsTxt, ExtractorSitemap };
    for (const [name, cls] of Object.entries(classes)) expect(await registry.lookup(name)!.load!(), name).to.equal(cls);
  });
});
