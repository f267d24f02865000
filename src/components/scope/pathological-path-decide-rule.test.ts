import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { hasRepeatedSegments, PathologicalPathDecideRule } from './pathological-path-decide-rule.js';

function rule(maxRepetitions = 2, enabled = true): PathologicalPathDecideRule {
  return new PathologicalPathDecideRule({ enabled, comment: '', maxRepetitions });
}

/** Heritrix's own regular expression, for comparison on short strings. */
function heritrixMatches(uri: string, max: number): boolean {
  return new RegExp(`^.*?/(.*?/)\\1{${max},}.*$`).test(uri);
}

/** Every string of up to `length` characters from `alphabet`. */
function strings(alphabet: string, length: number): string[] {
  const all = [''];
  for (let i = 0; all[i].length < length; i++) for (const c of alphabet) all.push(all[i] + c);
  return all;
}

describe('PathologicalPathDecideRule', () => {
  describe('.decisionFor() with maxRepetitions 2', () => {
    const table: [string, string][] = [
      ['http://example.org/a/a/a/a', 'REJECT'],
      ['http://example.org/a/a/a/boo.html', 'REJECT'],
      ['http://example.org/a/a/a/', 'REJECT'],
      ['http://example.org/a/a/a', 'NONE'],
      ['http://example.org/a/a/boo.html', 'NONE'],
      ['http://example.org/a/b/a/b/a/b/', 'REJECT'],
      ['http://example.org/a/b/a/b/a/b', 'NONE'],
      ['http://example.org/x/a/b/c/a/b/c/a/b/c/y', 'REJECT'],
      ['http://example.org/a/b/c/d/e/f/g/h/', 'NONE'],
      ['http://example.org//////', 'REJECT'],
      ['http://example.org/?q=/a/a/a/', 'REJECT'],
      ['http://example.org/?q=a/a/a/', 'NONE'],
      ['http://example.org/', 'NONE'],
      ['dns:example.org', 'NONE'],
    ];
    for (const [uri, expected] of table) {
      it(`${expected} for ${uri}`, () => {
        expect(rule().decisionFor(new CrawlUri(uri))).to.equal(expected);
      });
    }
  });

  it('follows maxRepetitions', () => {
    expect(rule(3).decisionFor(new CrawlUri('http://example.org/a/a/a/a'))).to.equal('NONE');
    expect(rule(3).decisionFor(new CrawlUri('http://example.org/a/a/a/a/'))).to.equal('REJECT');
    expect(rule(1).decisionFor(new CrawlUri('http://example.org/a/a/x'))).to.equal('REJECT');
  });

  it('answers REJECT only, and NONE when disabled', () => {
    expect(rule().onlyDecision()).to.equal('REJECT');
    expect(rule(2, false).decisionFor(new CrawlUri('http://example.org/a/a/a/a'))).to.equal('NONE');
  });

  it("agrees with Heritrix's regular expression on every short path over {a, b, /}", () => {
    let checked = 0;
    for (const tail of strings('ab/', 9)) {
      for (const uri of [`http://h/${tail}`, tail]) {
        for (const max of [1, 2, 3]) {
          expect(hasRepeatedSegments(uri, max), `${uri} with ${max}`).to.equal(heritrixMatches(uri, max));
          checked++;
        }
      }
    }
    expect(checked).to.be.greaterThan(100_000);
  });

  it('stays fast on a long trap-like URI', () => {
    const uri = 'http://example.org/' + Array.from({ length: 2000 }, (_, i) => `s${i}/`).join('');
    const start = performance.now();
    expect(hasRepeatedSegments(uri, 2)).to.equal(false);
    expect(performance.now() - start).to.be.lessThan(500);
  });
});
