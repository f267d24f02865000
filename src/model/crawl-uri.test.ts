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
