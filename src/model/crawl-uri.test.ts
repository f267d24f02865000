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
});
