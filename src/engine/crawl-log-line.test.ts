import { expect } from 'chai';
import { CrawlUri } from '../model/crawl-uri.js';
import type { HttpResponse } from '../model/http-response.js';
import { crawlLogLine } from './crawl-log-line.js';

const NOW = Date.UTC(2024, 0, 8, 10, 0, 1, 234);
const BEGAN = Date.UTC(2024, 0, 8, 10, 0, 0, 500);

/** A URI that got an HTTP response with these headers and body, as the fetcher leaves it. */
function answered(uri: string, status: number, rawHeaders: string[], body = ''): CrawlUri {
  const curi = new CrawlUri(uri, { hopsPath: 'L', via: 'http://site.test/' });
  const raw = Buffer.from(body);
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) headers[rawHeaders[i].toLowerCase()] = rawHeaders[i + 1];
  const response: HttpResponse = { statusCode: status, statusText: 'X', httpVersion: '1.1', rawHeaders, headers, rawBody: raw, body: raw, ipAddress: '127.0.0.1' };
  curi.response = response;
  curi.fetchStatus = status;
  curi.fetchBeginTime = BEGAN;
  curi.fetchDurationMs = 12;
  curi.contentType = headers['content-type'] ?? '';
  curi.contentSize = raw.length;
  curi.worker = 3;
  return curi;
}

// Golden lines in the layout of Heritrix's UriProcessingFormatter (status padded to 5, size to 10).
describe('crawlLogLine (Heritrix\'s crawl.log format)', () => {
  it('writes 0 as the size of a fetched response with an empty body (301, 204, 304): `-` is for never fetched', () => {
    const moved = answered('http://site.test/old', 301, ['Location', '/new', 'Content-Type', 'text/html']);
    const empty = answered('http://site.test/none', 204, []);
    const same = answered('http://site.test/same', 304, ['ETag', '"v1"']);
    expect(crawlLogLine(moved, NOW)).to.equal('2024-01-08T10:00:01.234Z   301          0 http://site.test/old L http://site.test/ text/html #003 ' +
      '20240108100000500+12 - - -');
    expect(crawlLogLine(empty, NOW)).to.equal('2024-01-08T10:00:01.234Z   204          0 http://site.test/none L http://site.test/ unknown #003 ' +
      '20240108100000500+12 - - -');
    expect(crawlLogLine(same, NOW).split(' ').filter(Boolean).slice(1, 3)).to.deep.equal(['304', '0']);
  });

  it('writes `-` and `unknown` for a URI never fetched: a robots.txt exclusion, a connection that failed', () => {
    const precluded = new CrawlUri('http://site.test/private/x', { hopsPath: 'L', via: 'http://site.test/' });
    precluded.fetchStatus = -9998;
    const refused = new CrawlUri('http://down.test/', { hopsPath: '' });
    refused.fetchStatus = -2;
    refused.annotations.push('err:ECONNREFUSED');
    expect(crawlLogLine(precluded, NOW)).to.equal('2024-01-08T10:00:01.234Z -9998          - http://site.test/private/x L http://site.test/ ' +
      'unknown #000 - - - -');
    expect(crawlLogLine(refused, NOW)).to.equal('2024-01-08T10:00:01.234Z    -2          - http://down.test/ - - unknown #000 - - - err:ECONNREFUSED');
  });

  it('writes the MIME type as Heritrix truncates it: up to a blank, `;` or `,`, case kept; `unknown` without a Content-Type', () => {
    const typed = answered('http://site.test/a', 200, ['Content-Type', 'Text/HTML; charset=UTF-8'], 'hi');
    const untyped = answered('http://site.test/b', 200, [], 'hi');
    const odd = answered('http://site.test/c', 200, ['Content-Type', ';charset=utf-8'], 'hi');
    expect(crawlLogLine(typed, NOW).split(' ').filter(Boolean)[6]).to.equal('Text/HTML');
    expect(crawlLogLine(untyped, NOW).split(' ').filter(Boolean)[6]).to.equal('unknown');
    expect(crawlLogLine(odd, NOW).split(' ').filter(Boolean)[6], 'a value without a type is MimetypeUtils.NO_TYPE_MIMETYPE').to.equal('no-type');
  });

  it('writes the size of a dns: record, which is no HTTP response', () => {
    const dns = new CrawlUri('dns:site.test', { hopsPath: 'P', via: 'http://site.test/' });
    dns.fetchStatus = 1;
    dns.contentType = 'text/dns';
    dns.contentSize = 48;
    dns.fetchBeginTime = BEGAN;
    expect(crawlLogLine(dns, NOW)).to.equal('2024-01-08T10:00:01.234Z     1         48 dns:site.test P http://site.test/ text/dns #000 ' +
      '20240108100000500+0 - - -');
  });
});
