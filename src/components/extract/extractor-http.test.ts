import { expect } from 'chai';
import { fixedMetadata, type CrawlMetadataInfo } from '../../model/crawl-metadata-info.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { ExtractorHttp } from './extractor-http.js';

const PAGE = 'http://example.org/dir/page?q=1';

/** A URI fetched with `status` and these (lower-cased) headers. */
function fetched(headers: Record<string, string>, status = 200, uri = PAGE): CrawlUri {
  const curi = new CrawlUri(uri);
  curi.fetchStatus = status;
  const body = Buffer.alloc(0);
  curi.response = { statusCode: status, statusText: '', httpVersion: '1.1', rawHeaders: [], headers, rawBody: body, body, ipAddress: '127.0.0.1' };
  return curi;
}

function metadata(robotsPolicyName: string): CrawlMetadataInfo {
  return fixedMetadata({ robotsPolicyName, userAgent: 'test' });
}

function extract(curi: CrawlUri, meta?: CrawlMetadataInfo, inferRootPage = false, inferPaths: string[] = []): string[] {
  new ExtractorHttp({ enabled: true, shouldProcessRule: undefined, metadata: meta, inferRootPage, inferPaths }).process(curi);
  return curi.outlinks.map((l) => `${l.hop} ${l.uri} ${l.context}`);
}

describe('ExtractorHttp', () => {
  it('takes Location as a redirect (R), resolved against the URI itself', () => {
    expect(extract(fetched({ location: '../moved/here#top' }, 301))).to.deep.equal(['R http://example.org/moved/here Location:']);
    expect(extract(fetched({ location: 'https://www.example.com/' }, 302))).to.deep.equal(['R https://www.example.com/ Location:']);
    expect(extract(fetched({ location: '?page=2' }, 303))).to.deep.equal(['R http://example.org/dir/page?page=2 Location:']);
  });

  it('with inferRootPage (Heritrix 3.x), also takes the server\'s root page as an inferred link', () => {
    expect(extract(fetched({}, 200, 'http://www.example.net/a/b/page'), undefined, true)).to.deep.equal(['I http://www.example.net/ =INFERRED_MISC']);
    expect(extract(fetched({}, 200, 'http://www.example.net/a/b/page'))).to.deep.equal([]);
  });

  it('takes each of inferPaths as an inferred link, resolved against the URI', () => {
    expect(extract(fetched({}, 200, 'http://www.example.net/a/b/page'), undefined, false, ['/favicon.ico', 'sibling'])).to.deep.equal([
      'I http://www.example.net/favicon.ico =INFERRED_MISC',
      'I http://www.example.net/a/b/sibling =INFERRED_MISC',
    ]);
  });

  it('resolves against the redirected URI, not the seed it came from', () => {
    const hop = fetched({ location: 'final' }, 302, 'http://www.example.net/a/b/first');
    expect(extract(hop)).to.deep.equal(['R http://www.example.net/a/b/final Location:']);
  });

  it('takes Content-Location and a Refresh header as R too', () => {
    expect(extract(fetched({ 'content-location': '/index.en.html', refresh: '3; url=/later' }))).to.deep.equal([
      'R http://example.org/index.en.html Content-Location:',
      'R http://example.org/later Refresh:',
    ]);
  });

  it('adds a target named by both Location and Content-Location once', () => {
    expect(extract(fetched({ location: '/x', 'content-location': 'http://example.org/x' }, 301))).to.deep.equal(['R http://example.org/x Location:']);
  });

  it('follows Link headers by rel: embeds E, other relations L, hints and pingbacks not at all', () => {
    const link = '</s.css>; rel=stylesheet, <https://cdn.example.org/f.woff2>; rel="prefetch"; as=font, </next>; rel="next",' +
      ' <//fonts.example.org>; rel=preconnect, </xmlrpc>; rel=pingback, </no-rel>; title="a, b"';
    expect(extract(fetched({ link }))).to.deep.equal([
      'E http://example.org/s.css Link:',
      'E https://cdn.example.org/f.woff2 Link:',
      'L http://example.org/next Link:',
    ]);
  });

  it('skips uncrawlable header targets', () => {
    expect(extract(fetched({ location: 'mailto:a@example.org', 'content-location': 'javascript:x()' }, 302))).to.deep.equal([]);
  });

  it('reads any response, error statuses included, but not URIs without one', () => {
    expect(extract(fetched({ location: '/x' }, 404))).to.have.length(1);
    const none = new CrawlUri(PAGE);
    none.fetchStatus = -2;
    expect(extract(none)).to.deep.equal([]);
  });

  describe('X-Robots-Tag', () => {
    for (const value of ['nofollow', 'noindex, NOFOLLOW', 'none', 'googlebot: noarchive, nofollow']) {
      it(`"${value}" sets noFollow under obey and classic, and without metadata`, () => {
        for (const meta of [metadata('obey'), metadata('classic'), undefined]) {
          const curi = fetched({ 'x-robots-tag': value });
          extract(curi, meta);
          expect(curi.noFollow).to.equal(true);
        }
      });
    }

    it('is ignored under robotsTxtOnly and ignore', () => {
      for (const policy of ['robotsTxtOnly', 'ignore']) {
        const curi = fetched({ 'x-robots-tag': 'nofollow' });
        extract(curi, metadata(policy));
        expect(curi.noFollow).to.equal(false);
      }
    });

    it('leaves noFollow unset for other directives', () => {
      for (const value of ['noindex', 'noarchive, nosnippet', 'max-snippet: 20', 'nofollowing']) {
        const curi = fetched({ 'x-robots-tag': value });
        extract(curi);
        expect(curi.noFollow, value).to.equal(false);
      }
    });
  });
});
