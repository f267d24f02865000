import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { HasViaDecideRule } from './has-via-decide-rule.js';
import { assignmentLevelDomain, HopCrossesAssignmentLevelDomainDecideRule } from './hop-crosses-assignment-level-domain-decide-rule.js';
import { SeedAcceptDecideRule } from './seed-accept-decide-rule.js';
import { SourceSeedDecideRule } from './source-seed-decide-rule.js';

const base = { enabled: true, comment: '', decision: 'ACCEPT' as const };

describe('the decide rules on how a URI was reached', () => {
  describe('SeedAcceptDecideRule', () => {
    const table: [string, CrawlUri, string][] = [
      ['a seed', new CrawlUri('http://example.org/', { isSeed: true }), 'ACCEPT'],
      ['a seed from a redirect', new CrawlUri('http://example.org/b', { isSeed: true, hopsPath: 'R', via: 'http://example.org/' }), 'ACCEPT'],
      ['a link', new CrawlUri('http://example.org/a', { hopsPath: 'L', via: 'http://example.org/' }), 'NONE'],
    ];
    for (const [what, curi, expected] of table) it(`${expected} for ` +
      `${what}`, () => expect(new SeedAcceptDecideRule({ enabled: true }).decisionFor(curi)).to.equal(expected));

    it('only ever accepts, and answers NONE when disabled', () => {
      expect(new SeedAcceptDecideRule({ enabled: true }).onlyDecision(new CrawlUri('http://example.org/'))).to.equal('ACCEPT');
      expect(new SeedAcceptDecideRule({ enabled: false }).decisionFor(new CrawlUri('http://example.org/', { isSeed: true }))).to.equal('NONE');
    });
  });

  describe('SourceSeedDecideRule', () => {
    const rule = new SourceSeedDecideRule({ ...base, decision: 'REJECT', sourceSeeds: ['http://example.org', 'https://www.example.com/news/'] });
    const table: [string | undefined, string][] = [
      ['http://example.org/', 'REJECT'],
      ['http://example.org', 'REJECT'],
      ['https://www.example.com/news/', 'REJECT'],
      ['https://www.example.com/', 'NONE'],
      [undefined, 'NONE'],
    ];
    for (const [sourceTag, expected] of table) {
      it(`${expected} for a URI tagged ${sourceTag ?? '(no tag)'}`, () => {
        expect(rule.decisionFor(new CrawlUri('http://elsewhere.org/x', { hopsPath: 'LL', sourceTag }))).to.equal(expected);
      });
    }
  });

  describe('HasViaDecideRule', () => {
    const table: [string, CrawlUri, string][] = [
      ['a seed', new CrawlUri('http://example.org/', { isSeed: true }), 'NONE'],
      ['a link', new CrawlUri('http://example.org/a', { hopsPath: 'L', via: 'http://example.org/' }), 'REJECT'],
      ['a prerequisite', new CrawlUri('dns:example.org', { hopsPath: 'P', via: 'http://example.org/' }), 'REJECT'],
    ];
    for (const [what, curi, expected] of table) it(`${expected} for ` +
      `${what}`, () => expect(new HasViaDecideRule({ ...base, decision: 'REJECT' }).decisionFor(curi)).to.equal(expected));
  });

  describe('assignmentLevelDomain', () => {
    const table: [string, string | undefined][] = [
      ['http://www.example.org/a', 'example.org'],
      ['http://a.b.example.co.uk/', 'example.co.uk'],
      ['https://foo.blogspot.com/', 'foo.blogspot.com'],
      ['http://a.b.zzzunknown/', 'b.zzzunknown'],
      ['http://127.0.0.1:8080/', '127.0.0.1'],
      ['http://localhost/', 'localhost'],
      ['dns:example.org', undefined],
    ];
    for (const [uri, domain] of table) it(`${uri} → ${domain}`, () => expect(assignmentLevelDomain(uri)).to.equal(domain));
  });

  describe('HopCrossesAssignmentLevelDomainDecideRule', () => {
    const rule = new HopCrossesAssignmentLevelDomainDecideRule(base);
    const table: [string, string | undefined, string][] = [
      ['http://www.example.org/a', 'http://example.org/', 'NONE'],
      ['http://cdn.example.org/a.js', 'http://www.example.org/', 'NONE'],
      ['http://www.example.com/', 'http://www.example.org/', 'ACCEPT'],
      ['http://www.example.co.uk/', 'http://other.co.uk/', 'ACCEPT'],
      ['http://a.blogspot.com/', 'http://b.blogspot.com/', 'ACCEPT'],
      ['http://127.0.0.1:8081/', 'http://127.0.0.1:8080/', 'NONE'],
      ['http://127.0.0.2/', 'http://127.0.0.1/', 'ACCEPT'],
      ['http://example.org/', undefined, 'NONE'],
      ['dns:example.com', 'http://example.org/', 'NONE'],
    ];
    for (const [uri, via, expected] of table) {
      it(`${expected} for ${uri} found on ${via ?? '(no via)'}`, () => {
        expect(rule.decisionFor(new CrawlUri(uri, { hopsPath: 'L', via }))).to.equal(expected);
      });
    }
  });
});
