import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { TooManyPathSegmentsDecideRule } from './too-many-path-segments-decide-rule.js';

function rule(maxPathDepth: number, enabled = true): TooManyPathSegmentsDecideRule {
  return new TooManyPathSegmentsDecideRule({ enabled, comment: '', decision: 'REJECT', maxPathDepth });
}

function deep(slashes: number, rest = ''): string {
  return 'http://example.org' + Array.from({ length: slashes }, (_, i) => `/d${i}`).join('') + rest;
}

describe('TooManyPathSegmentsDecideRule', () => {
  const table: [string, number, string][] = [
    [deep(20), 20, 'NONE'],
    [deep(21), 20, 'REJECT'],
    [deep(20, '/'), 20, 'REJECT'],
    [deep(3, '?a=/b/c/d'), 3, 'NONE'],
    [deep(3, '#/x/y'), 3, 'NONE'],
    ['http://example.org?q=/a/b/c', 1, 'NONE'],
    ['http://example.org/a/b', 2, 'NONE'],
    ['http://example.org/a/b', 1, 'REJECT'],
    ['http://example.org', 0, 'NONE'],
    ['http://example.org/', 0, 'REJECT'],
    ['dns:example.org', 0, 'NONE'],
    ['mailto:a/b/c@example.org', 0, 'NONE'],
  ];
  for (const [uri, max, expected] of table) {
    it(`${expected} for ${uri} with maxPathDepth ${max}`, () => {
      expect(rule(max).decisionFor(new CrawlUri(uri))).to.equal(expected);
    });
  }

  it('answers NONE when disabled', () => {
    expect(rule(0, false).decisionFor(new CrawlUri(deep(30)))).to.equal('NONE');
  });
});
