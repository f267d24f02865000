import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { ExtractorSwf } from './extractor-swf.js';

describe('ExtractorSwf', () => {
  it('accepts Heritrix\'s properties and reads nothing, not even a Flash file', () => {
    const curi = new CrawlUri('http://example.org/intro.swf');
    const body = Buffer.from('FWS\x0a\x00\x00\x00 getURL http://example.org/from-flash.html', 'latin1');
    curi.fetchStatus = 200;
    curi.contentType = 'application/x-shockwave-flash';
    curi.response = { statusCode: 200, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers: {}, rawBody: body, body, ipAddress: '127.0.0.1' };
    const swf = new ExtractorSwf({ enabled: true, shouldProcessRule: undefined });
    expect(swf.process(curi)).to.equal('PROCEED');
    expect(curi.outlinks).to.deep.equal([]);
    expect(curi.linkExtractorFinished).to.equal(false);
    expect(swf.processed).to.equal(0);
  });
});
