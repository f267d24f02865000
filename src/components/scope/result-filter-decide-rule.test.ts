import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { HttpResponse } from '../../model/http-response.js';
import { resourceNameOf, ResultFilterDecideRule } from './result-filter-decide-rule.js';
import { wildcardRegex } from './wildcard-regex.js';

type Config = ConstructorParameters<typeof ResultFilterDecideRule>[0];
const DEFAULTS: Config = {
  enabled: true, comment: '', contentLengthMin: -1, contentLengthMax: -1, mimeTypes: [], names: [], urls: [], ignoreCase: true, modifiedWithinDays: -1,
};
const DAY = 86_400_000;

function doc(uri: string, contentType: string, size: number, lastModified?: Date | string): CrawlUri {
  const curi = new CrawlUri(uri, { hopsPath: 'L', via: 'http://example.org/' });
  Object.assign(curi, { fetchStatus: 200, contentType, contentSize: size, fetchBeginTime: Date.now() });
  const headers: Record<string, string> = { 'content-type': contentType };
  if (lastModified !== undefined) headers['last-modified'] = typeof lastModified === 'string' ? lastModified : lastModified.toUTCString();
  curi.response = { statusCode: 200, headers } as unknown as HttpResponse;
  return curi;
}

describe('ResultFilterDecideRule (SAP xcrawler\'s result filters)', () => {
  const pdf = doc('http://example.org/reports/Annual%20Report.PDF?v=2', 'application/pdf', 50_000, new Date(Date.now() - 3 * DAY));
  const page = doc('http://www.example.org/docs/', 'Text/HTML; charset=utf-8', 2_000, 'not a date');
  const old = doc('http://example.org/old.txt', 'text/plain', 10, new Date(Date.now() - 400 * DAY));
  const unfetched = new CrawlUri('http://example.org/later.pdf', { hopsPath: 'L' });

  const table: [string, Partial<Config>, CrawlUri, string][] = [
    ['no filter configured accepts everything', {}, unfetched, 'ACCEPT'],
    ['contentLengthMin', { contentLengthMin: 1_000 }, pdf, 'ACCEPT'],
    ['contentLengthMin, too short', { contentLengthMin: 1_000 }, old, 'REJECT'],
    ['contentLengthMax', { contentLengthMax: 10_000 }, pdf, 'REJECT'],
    ['contentLengthMax, both bounds', { contentLengthMin: 10, contentLengthMax: 10 }, old, 'ACCEPT'],
    ['a length bound on a URI not fetched', { contentLengthMax: 10_000 }, unfetched, 'REJECT'],
    ['mimeTypes text/*', { mimeTypes: ['text/*'] }, page, 'ACCEPT'],
    ['mimeTypes text/* on a PDF', { mimeTypes: ['text/*'] }, pdf, 'REJECT'],
    ['mimeTypes, any of several', { mimeTypes: ['text/*', 'application/pdf'] }, pdf, 'ACCEPT'],
    ['mimeTypes on a URI not fetched', { mimeTypes: ['*'] }, unfetched, 'ACCEPT'],
    ['mimeTypes */* on a URI not fetched', { mimeTypes: ['*/*'] }, unfetched, 'REJECT'],
    ['names *.pdf, any case, decoded', { names: ['*.pdf'] }, pdf, 'ACCEPT'],
    ['names with a space', { names: ['annual report.*'] }, pdf, 'ACCEPT'],
    ['names case-sensitive', { names: ['*.pdf'], ignoreCase: false }, pdf, 'REJECT'],
    ['names on a folder URI (name "")', { names: ['*.pdf'] }, page, 'REJECT'],
    ['names ? is one character', { names: ['old.tx?'] }, old, 'ACCEPT'],
    ['urls', { urls: ['http://*.example.org/docs/*'] }, page, 'ACCEPT'],
    ['urls, no match', { urls: ['http://*.example.org/docs/*'] }, pdf, 'REJECT'],
    ['urls: ? is one character', { urls: ['http://example?org/*'] }, pdf, 'ACCEPT'],
    ['modifiedWithinDays, recent', { modifiedWithinDays: 7 }, pdf, 'ACCEPT'],
    ['modifiedWithinDays, old', { modifiedWithinDays: 7 }, old, 'REJECT'],
    ['modifiedWithinDays, unreadable Last-Modified', { modifiedWithinDays: 7 }, page, 'REJECT'],
    ['modifiedWithinDays, no response', { modifiedWithinDays: 7 }, unfetched, 'REJECT'],
    ['every filter passes', { mimeTypes: ['application/*'], names: ['*.pdf'], contentLengthMin: 1, modifiedWithinDays: 30 }, pdf, 'ACCEPT'],
    ['one filter of several fails', { mimeTypes: ['application/*'], names: ['*.pdf'], contentLengthMax: 1 }, pdf, 'REJECT'],
  ];
  for (const [what, over, curi, expected] of table) {
    it(`${expected}: ${what}`, () => expect(new ResultFilterDecideRule({ ...DEFAULTS, ...over }).decisionFor(curi)).to.equal(expected));
  }

  it('answers NONE when disabled', () => {
    expect(new ResultFilterDecideRule({ ...DEFAULTS, enabled: false, names: ['nothing'] }).decisionFor(pdf)).to.equal('NONE');
  });

  describe('helpers', () => {
    const names: [string, string][] = [
      ['http://example.org/a/b.pdf', 'b.pdf'],
      ['http://example.org/a/b%20c.pdf?x=/y', 'b c.pdf'],
      ['http://example.org/a/', ''],
      ['http://example.org', ''],
      ['http://example.org/%E0%A4%A', '%E0%A4%A'],
    ];
    for (const [uri, name] of names) it(`resourceNameOf ${uri} → ${JSON.stringify(name)}`, () => expect(resourceNameOf(uri)).to.equal(name));

    const wildcards: [string, string, boolean][] = [
      ['*.pdf', 'a.pdf', true],
      ['*.pdf', 'a.pdf.html', false],
      ['*.pdf', 'apdf', false],
      ['text/*', 'text/html', true],
      ['a?c', 'abc', true],
      ['a?c', 'ac', false],
      ['(x)+[y]', '(x)+[y]', true],
      ['*', '', true],
    ];
    for (const [pattern, s, matches] of wildcards) {
      it(`wildcard ${pattern} ${matches ? 'matches' : 'does not match'} ${JSON.stringify(s)}`, () => expect(wildcardRegex(pattern).test(s)).to.equal(matches));
    }
  });
});
