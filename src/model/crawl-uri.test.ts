import { expect } from 'chai';
import { CrawlUri } from './crawl-uri.js';

describe('CrawlUri', () => {
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
