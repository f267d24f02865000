import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { HttpResponse } from '../../model/http-response.js';
import type { HostState, ServerCache } from '../../model/server-cache.js';
import { ContentLengthDecideRule } from './content-length-decide-rule.js';
import { FetchStatusDecideRule } from './fetch-status-decide-rule.js';
import { IpAddressSetDecideRule } from './ip-address-set-decide-rule.js';
import { ResponseContentLengthDecideRule } from './response-content-length-decide-rule.js';

const base = { enabled: true, comment: '', decision: 'ACCEPT' as const };

/** A URI after a fetch: status, body size, and the address connected to when given. */
function fetched(uri: string, fetchStatus: number, contentSize: number, ipAddress?: string): CrawlUri {
  const curi = new CrawlUri(uri, { hopsPath: 'L', via: 'http://example.org/' });
  Object.assign(curi, { fetchStatus, contentSize, fetchBeginTime: Date.now() });
  if (ipAddress !== undefined) curi.response = { ipAddress, headers: {} } as HttpResponse;
  return curi;
}

function serverCache(ips: Record<string, string>): ServerCache & { asked: string[] } {
  const asked: string[] = [];
  return { asked, host: (key: string): HostState => (asked.push(key), { ip: ips[key] }) };
}

describe('the decide rules on fetch results', () => {
  describe('ContentLengthDecideRule', () => {
    const table: [string, CrawlUri, number, string][] = [
      ['a short body', fetched('http://example.org/', 200, 999, undefined), 1000, 'ACCEPT'],
      ['a body at the threshold', fetched('http://example.org/', 200, 1000), 1000, 'REJECT'],
      ['a long body', fetched('http://example.org/', 200, 5000), 1000, 'REJECT'],
      ['a URI not fetched (0 bytes)', new CrawlUri('http://example.org/'), 1000, 'ACCEPT'],
      ['a URI not fetched, threshold 0', new CrawlUri('http://example.org/'), 0, 'REJECT'],
      ['anything with the default threshold', fetched('http://example.org/', 200, 10 ** 12), Number.MAX_SAFE_INTEGER, 'ACCEPT'],
    ];
    for (const [what, curi, contentLengthThreshold, expected] of table) {
      it(`${expected} for ${what} (threshold ${contentLengthThreshold})`, () => {
        expect(new ContentLengthDecideRule({ enabled: true, comment: '', contentLengthThreshold }).decisionFor(curi)).to.equal(expected);
      });
    }

    it('answers NONE when disabled and has no single decision', () => {
      const rule = new ContentLengthDecideRule({ enabled: false, comment: '', contentLengthThreshold: 10 });
      expect(rule.decisionFor(fetched('http://example.org/', 200, 5))).to.equal('NONE');
      expect((rule as { onlyDecision?: unknown }).onlyDecision).to.equal(undefined);
    });
  });

  describe('ResponseContentLengthDecideRule', () => {
    const table: [CrawlUri, number, number, string][] = [
      [fetched('http://example.org/', 200, 100), 0, Number.MAX_SAFE_INTEGER, 'REJECT'],
      [fetched('http://example.org/', 200, 0), 0, 10, 'REJECT'],
      [fetched('http://example.org/', 200, 100), 100, 100, 'REJECT'],
      [fetched('http://example.org/', 200, 99), 100, 200, 'NONE'],
      [fetched('http://example.org/', 200, 201), 100, 200, 'NONE'],
      [new CrawlUri('http://example.org/'), 0, Number.MAX_SAFE_INTEGER, 'NONE'],
    ];
    for (const [curi, lowerBound, upperBound, expected] of table) {
      it(`${expected} for ${curi.contentSize} bytes within [${lowerBound}, ${upperBound}]${curi.fetchBeginTime ? '' : ', not fetched'}`, () => {
        expect(new ResponseContentLengthDecideRule({ ...base, decision: 'REJECT', lowerBound, upperBound }).decisionFor(curi)).to.equal(expected);
      });
    }
  });

  describe('FetchStatusDecideRule', () => {
    const table: [number[], number, string][] = [
      [[404, 410], 404, 'ACCEPT'],
      [[404, 410], 200, 'NONE'],
      [[-9998], -9998, 'ACCEPT'],
      [[], 200, 'NONE'],
      [[0], 0, 'ACCEPT'],
    ];
    for (const [statusCodes, status, expected] of table) {
      it(`${expected} for status ${status} with statusCodes ${JSON.stringify(statusCodes)}`, () => {
        expect(new FetchStatusDecideRule({ ...base, statusCodes }).decisionFor(fetched('http://example.org/', status, 0))).to.equal(expected);
      });
    }
  });

  describe('IpAddressSetDecideRule', () => {
    const cache = serverCache({ 'www.example.org': '93.184.215.14', 'other.org': '10.0.0.8', '[::1]': '::1' });
    const rule = new IpAddressSetDecideRule({ ...base, decision: 'REJECT', ipAddresses: ['93.184.215.14', '127.0.0.1', '[::1]', ' 10.0.0.9 ' +
      ''], serverCache: cache });
    const table: [string, CrawlUri, string][] = [
      ['a host whose DNS answer is listed', new CrawlUri('http://WWW.example.org:8080/a', { hopsPath: 'L' }), 'REJECT'],
      ['a host whose DNS answer is not listed', new CrawlUri('http://other.org/', { hopsPath: 'L' }), 'NONE'],
      ['a host not looked up yet', new CrawlUri('http://unknown.org/', { hopsPath: 'L' }), 'NONE'],
      ['an IP-literal host', new CrawlUri('http://127.0.0.1:7777/x', { hopsPath: 'L' }), 'REJECT'],
      ['an IPv6-literal host', new CrawlUri('http://[::1]:8080/x', { hopsPath: 'L' }), 'REJECT'],
      ['a fetch that connected to a listed address', fetched('http://other.org/', 200, 10, '10.0.0.9'), 'REJECT'],
      ['a fetch that connected to an unlisted address', fetched('http://www.example.org/', 200, 10, '10.0.0.1'), 'NONE'],
      ['a dns: URI', new CrawlUri('dns:www.example.org', { hopsPath: 'P', via: 'http://www.example.org/' }), 'NONE'],
      ['a URI without host', new CrawlUri('mailto:a@example.org', { hopsPath: 'L' }), 'NONE'],
    ];
    for (const [what, curi, expected] of table) it(`${expected} for ${what}`, () => expect(rule.decisionFor(curi)).to.equal(expected));

    it('looks hosts up by lower-cased host name, without port', () => {
      cache.asked.length = 0;
      rule.decisionFor(new CrawlUri('http://WWW.Example.ORG:8080/a', { hopsPath: 'L' }));
      expect(cache.asked).to.deep.equal(['www.example.org']);
    });

    it('matches nothing with no addresses, without asking the ServerCache', () => {
      const quiet = serverCache({ 'www.example.org': '93.184.215.14' });
      expect(new IpAddressSetDecideRule({ ...base, ipAddresses: [], serverCache: quiet }).decisionFor(new CrawlUri('http://www.example.org/'))).to.equal('NONE');
      expect(quiet.asked).to.deep.equal([]);
    });
  });
});
