import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { HttpResponse } from '../../model/http-response.js';
import { recordedResponseSize, setRecordedSizes } from './recorded-size.js';

function response(statusCode: number, statusText: string, rawHeaders: string[], body: string): HttpResponse {
  const raw = Buffer.from(body);
  return { statusCode, statusText, httpVersion: '1.1', rawHeaders, headers: {}, rawBody: raw, body: raw, ipAddress: '127.0.0.1' };
}

describe('recorded sizes (Heritrix\'s FetchHTTP.setSizes)', () => {
  it('counts the response as Heritrix\'s recorder holds it: status line, header lines, blank line, body', () => {
    const r = response(200, 'OK', ['Content-Type', 'text/html', 'Content-Length', '5'], 'hello');
    const wire = 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\n\r\nhello';
    expect(recordedResponseSize(r)).to.equal(Buffer.byteLength(wire));
  });

  it('puts what was recorded in the extra info as contentSize, and reports a 304 as that plus the body it confirms', () => {
    const curi = new CrawlUri('http://site.test/page');
    curi.history = {
      fetches: [{ status: 304, fetchTime: 2, size: 0 }, { status: 200, fetchTime: 1, size: 1000 }],
      document: true, lastSeenRun: 1, lastTriedRun: 1, firstSeenRun: 1, goneCount: 0,
    };
    const r = response(304, 'Not Modified', ['ETag', '"v1"'], '');
    setRecordedSizes(curi, r);
    const recorded = Buffer.byteLength('HTTP/1.1 304 Not Modified\r\nETag: "v1"\r\n\r\n');
    expect(curi.extraInfo.contentSize).to.equal(recorded);
    expect(curi.recordedSize, 'the last 2xx\'s body length is added, as Heritrix adds its reference length').to.equal(recorded + 1000);
  });

  it('adds nothing to a 2xx, nor to a 304 without history', () => {
    const ok = new CrawlUri('http://site.test/a');
    setRecordedSizes(ok, response(200, 'OK', [], 'abc'));
    expect(ok.recordedSize).to.equal('HTTP/1.1 200 OK\r\n\r\nabc'.length);
    const bare = new CrawlUri('http://site.test/b');
    setRecordedSizes(bare, response(304, 'Not Modified', [], ''));
    expect(bare.recordedSize).to.equal('HTTP/1.1 304 Not Modified\r\n\r\n'.length);
  });

  it('is cleared with what else a failed try recorded', () => {
    const curi = new CrawlUri('http://site.test/a');
    setRecordedSizes(curi, response(200, 'OK', [], 'abc'));
    curi.resetForRetry();
    expect(curi.recordedSize).to.equal(-1);
    expect(curi.extraInfo).to.deep.equal({});
  });
});
