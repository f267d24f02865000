import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { crawlDepth, UrlFilterDecideRule } from './url-filter-decide-rule.js';

function rule(over: { include?: string[]; exclude?: string[]; maxCrawlDepth?: number; enabled?: boolean } = {}): UrlFilterDecideRule {
  return new UrlFilterDecideRule({ enabled: true, comment: '', include: [], exclude: [], maxCrawlDepth: -1, ...over });
}

const link = (uri: string, hopsPath = 'L') => new CrawlUri(uri, { hopsPath, via: 'http://wiki.eclipse.org/SMILA' });

describe('UrlFilterDecideRule (SMILA\'s URL filters)', () => {
  describe('include and exclude', () => {
    const include = ['http://wiki\\.eclipse\\.org/SMILA/.*', 'http://www\\.eclipse\\.org/smila/.*'];
    const exclude = ['.*/Special:.*', '.*\\?.*action=edit.*'];
    const table: [string, string][] = [
      ['http://wiki.eclipse.org/SMILA/Documentation', 'NONE'],
      ['http://www.eclipse.org/smila/downloads.php', 'NONE'],
      ['http://wiki.eclipse.org/Main_Page', 'REJECT'],
      ['http://wiki.eclipse.org/smila/Documentation', 'REJECT'],
      ['http://wiki.eclipse.org/SMILA/Special:RecentChanges', 'REJECT'],
      ['http://wiki.eclipse.org/SMILA/Page?title=x&action=edit', 'REJECT'],
      ['http://other.org/SMILA/x', 'REJECT'],
    ];
    for (const [uri, expected] of table) {
      it(`${expected}: ${uri}`, () => expect(rule({ include, exclude }).decisionFor(link(uri))).to.equal(expected));
    }
  });

  it('without include patterns, everything not excluded passes (NONE)', () => {
    expect(rule({ exclude: ['.*/private/.*'] }).decisionFor(link('http://example.org/a'))).to.equal('NONE');
    expect(rule({ exclude: ['.*/private/.*'] }).decisionFor(link('http://example.org/private/a'))).to.equal('REJECT');
    expect(rule().decisionFor(link('http://example.org/x'))).to.equal('NONE');
  });

  it('an exclude match rejects even a URI an include pattern matches', () => {
    expect(rule({ include: ['.*'], exclude: ['.*\\.pdf'] }).decisionFor(link('http://example.org/a.pdf'))).to.equal('REJECT');
  });

  describe('crawlDepth(): hops from the seed, redirects and prerequisites not counted', () => {
    const table: [string, number][] = [['', 0], ['L', 1], ['LLE', 3], ['LRL', 2], ['LLP', 2], ['RR', 0], ['LX', 2]];
    for (const [hopsPath, depth] of table) it(`${JSON.stringify(hopsPath)} → ${depth}`, () => expect(crawlDepth(hopsPath)).to.equal(depth));
  });

  describe('maxCrawlDepth', () => {
    const table: [number, string, string][] = [
      [-1, 'L'.repeat(50), 'NONE'],
      [2, 'LL', 'NONE'],
      [2, 'LLL', 'REJECT'],
      [2, 'LRLR', 'NONE'],
      [0, 'L', 'REJECT'],
    ];
    for (const [maxCrawlDepth, hopsPath, expected] of table) {
      it(`${expected} for hops ${hopsPath} with maxCrawlDepth ${maxCrawlDepth}`, () => {
        expect(rule({ maxCrawlDepth }).decisionFor(link('http://example.org/deep', hopsPath))).to.equal(expected);
      });
    }
  });

  it('never rejects a seed (SMILA\'s start URL) or a prerequisite', () => {
    const strict = rule({ include: ['http://example\\.org/docs/.*'], exclude: ['.*'], maxCrawlDepth: 0 });
    expect(strict.decisionFor(new CrawlUri('http://example.org/', { isSeed: true }))).to.equal('NONE');
    expect(strict.decisionFor(new CrawlUri('dns:example.org', { hopsPath: 'LLP', via: 'http://example.org/docs/a' }))).to.equal('NONE');
    expect(strict.decisionFor(new CrawlUri('http://example.org/robots.txt', { hopsPath: 'LLP', via: 'http://example.org/docs/a' }))).to.equal('NONE');
  });

  it('only ever rejects, and answers NONE when disabled', () => {
    expect(rule().onlyDecision(new CrawlUri('http://example.org/'))).to.equal('REJECT');
    expect(rule({ enabled: false, exclude: ['.*'] }).decisionFor(link('http://example.org/'))).to.equal('NONE');
  });
});
