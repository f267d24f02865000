import { expect } from 'chai';
import { CrawlUri } from './crawl-uri.js';

describe('CrawlUri', () => {
  it('keeps the SURT of its URI, https read as http', () => {
    const curi = new CrawlUri('https://www.example.org/a');
    expect(curi.candidateSurt).to.equal('http://(org,example,www,)/a');
    expect(curi.candidateSurt).to.equal('http://(org,example,www,)/a');
    expect(new CrawlUri('http://other.org:8080/').candidateSurt).to.equal('http://(org,other,:8080)/');
    expect(new CrawlUri('dns:example.org').candidateSurt).to.equal('dns:example.org');
  });

  it('parses its URI once, and answers undefined for one that does not parse', () => {
    const curi = new CrawlUri('http://example.org/a?b');
    expect(curi.url?.pathname).to.equal('/a');
    expect(curi.url).to.equal(curi.url);
    expect(new CrawlUri('http://[bad/').url).to.equal(undefined);
  });

  describe('mimeType', () => {
    it('is the media type of contentType, and follows it when contentType is set again', () => {
      const curi = new CrawlUri('http://example.org/');
      expect(curi.mimeType, 'read before the fetch').to.equal('');
      curi.contentType = 'Text/HTML; charset=utf-8';
      expect(curi.mimeType).to.equal('text/html');
      expect(curi.mimeType).to.equal('text/html');
      curi.contentType = 'application/xhtml+xml, text/html';
      expect(curi.mimeType).to.equal('application/xhtml+xml, text/html');
    });

    it('is empty again after resetForRetry', () => {
      const curi = new CrawlUri('http://example.org/');
      curi.contentType = 'text/css';
      expect(curi.mimeType).to.equal('text/css');
      curi.resetForRetry();
      expect(curi.mimeType).to.equal('');
    });
  });
});

describe('CrawlUri.resetForRetry', () => {
  it('forgets everything the try found, and keeps what its queue keeps', () => {
    const curi = new CrawlUri('http://example.org/', { hopsPath: 'L', fetchAttempts: 1, deferrals: 2, cost: 3 });
    const fresh = Object.entries(curi.attempt);
    // Every field of the try set to something else than it starts with.
    for (const [name, initial] of fresh) {
      const attempt = curi.attempt as unknown as Record<string, unknown>;
      if (Array.isArray(initial)) (initial as unknown[]).push('x');
      else if (typeof initial === 'object' && initial !== null) (initial as Record<string, unknown>).x = 1;
      else attempt[name] = typeof initial === 'number' ? 7 : typeof initial === 'boolean' ? true : 'x';
    }
    curi.fetchStatus = 200;
    curi.annotations.push('a');
    curi.resetForRetry();
    expect(Object.entries(curi.attempt)).to.deep.equal(fresh.map(([k, v]) => [k, Array.isArray(v) ? [] : typeof v === 'object' && v !== null ? {} : v]));
    expect(curi.fetchStatus).to.equal(0);
    expect(curi.annotations).to.deep.equal([]);
    expect(curi.extraInfo).to.deep.equal({});
    expect([curi.hopsPath, curi.fetchAttempts, curi.deferrals, curi.cost]).to.deep.equal(['L', 1, 2, 3]);
  });

  it('reads and writes the try through accessors of the same names', () => {
    const curi = new CrawlUri('http://example.org/');
    for (const name of Object.keys(curi.attempt)) {
      const accessor = Object.getOwnPropertyDescriptor(CrawlUri.prototype, name);
      expect(accessor?.get, `CrawlUri.${name}`).to.be.a('function');
      expect((curi as unknown as Record<string, unknown>)[name]).to.equal((curi.attempt as unknown as Record<string, unknown>)[name]);
    }
  });
});
