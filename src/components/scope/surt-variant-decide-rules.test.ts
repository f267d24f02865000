import { expect } from 'chai';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { SeedModule } from '../../model/seed-module.js';
import { NotSurtPrefixedDecideRule } from './not-surt-prefixed-decide-rule.js';
import { domainPrefixOf, NotOnDomainsDecideRule, OnDomainsDecideRule } from './on-domains-decide-rule.js';
import { hostPrefixOf, NotOnHostsDecideRule, OnHostsDecideRule } from './on-hosts-decide-rule.js';
import type { surtPrefixedDecideRuleComponent } from './surt-prefixed-decide-rule.js';
import type { SurtPrefixedDecideRule } from './surt-prefixed-decide-rule.js';
import { ViaSurtPrefixedDecideRule } from './via-surt-prefixed-decide-rule.js';

type SurtConfig = ConfigOf<typeof surtPrefixedDecideRuleComponent>;
type SurtRuleClass = new (config: SurtConfig) => SurtPrefixedDecideRule;

function seedsOf(lines: string[]): SeedModule & { add(url: string): void } {
  const listeners: Array<(url: string) => void> = [];
  return {
    loadSeeds: async () => ({
      seeds: lines.filter((l) => /^[a-z0-9]/i.test(l)).map((url, i) => ({ url, line: i + 1 })),
      directives: lines.filter((l) => !/^[a-z0-9]/i.test(l)).map((text, i) => ({ text, line: i + 1 })),
    }),
    addSeed: (url) => listeners.forEach((l) => l(url)),
    onSeedAdded: (l) => listeners.push(l),
    add: (url) => listeners.forEach((l) => l(url)),
  };
}

async function started(Rule: SurtRuleClass, lines: string[], over: Partial<SurtConfig> = {}): Promise<SurtPrefixedDecideRule> {
  const rule = new Rule({
    enabled: true, comment: '', decision: 'ACCEPT', seedsAsSurtPrefixes: true, alsoCheckVia: false, surtsDumpFile: '',
    surtsSource: undefined, seeds: seedsOf(lines), ...over,
  });
  await rule.start();
  return rule;
}

const decide = (rule: { decisionFor(c: CrawlUri): string }, uri: string, via?: string) => rule.decisionFor(new CrawlUri(uri, { hopsPath: 'L', via }));

describe('the SURT-prefix variants of SurtPrefixedDecideRule', () => {
  describe('hostPrefixOf (Heritrix\'s convertPrefixToHost)', () => {
    const table: [string, string][] = [
      ['http://(org,example,)/', 'http://(org,example,)'],
      ['http://(org,example,www,)/a/b/', 'http://(org,example,www,)'],
      ['http://(org,example,', 'http://(org,example,)'],
      ['http://(org,example', 'http://(org,example,)'],
      ['http://(org,example,:8080)/a/', 'http://(org,example,:8080)'],
      ['http://(org,example,)', 'http://(org,example,)'],
    ];
    for (const [prefix, host] of table) it(`${prefix} → ${host}`, () => expect(hostPrefixOf(prefix)).to.equal(host));
  });

  describe('domainPrefixOf (Heritrix\'s convertPrefixToDomain)', () => {
    const table: [string, string][] = [
      ['http://(org,example,)/', 'http://(org,example,'],
      ['http://(org,example,www,)/a/b/', 'http://(org,example,'],
      ['http://(org,example,www,', 'http://(org,example,'],
      ['http://(org,example,news,)/', 'http://(org,example,news,'],
      ['http://(org,example,', 'http://(org,example,'],
    ];
    for (const [prefix, domain] of table) it(`${prefix} → ${domain}`, () => expect(domainPrefixOf(prefix)).to.equal(domain));
  });

  describe('.decisionFor() with seeds http://www.example.org/docs/ and +http://(net,example,', () => {
    const lines = ['http://www.example.org/docs/', '+http://(net,example,'];
    const table: [string, string, string, string, string, string][] = [
      // uri, NotSurtPrefixed, OnHosts, NotOnHosts, OnDomains, NotOnDomains
      ['http://www.example.org/docs/a', 'NONE', 'ACCEPT', 'NONE', 'ACCEPT', 'NONE'],
      ['http://www.example.org/other', 'ACCEPT', 'ACCEPT', 'NONE', 'ACCEPT', 'NONE'],
      ['http://example.org/', 'ACCEPT', 'NONE', 'ACCEPT', 'ACCEPT', 'NONE'],
      ['http://news.example.org/', 'ACCEPT', 'NONE', 'ACCEPT', 'ACCEPT', 'NONE'],
      ['https://www.example.org/x', 'ACCEPT', 'ACCEPT', 'NONE', 'ACCEPT', 'NONE'],
      ['http://example.net/', 'NONE', 'ACCEPT', 'NONE', 'ACCEPT', 'NONE'],
      ['http://a.example.net/', 'NONE', 'NONE', 'ACCEPT', 'ACCEPT', 'NONE'],
      ['http://example.com/', 'ACCEPT', 'NONE', 'ACCEPT', 'NONE', 'ACCEPT'],
    ];
    for (const [uri, notSurt, onHosts, notOnHosts, onDomains, notOnDomains] of table) {
      it(`${uri}: ${[notSurt, onHosts, notOnHosts, onDomains, notOnDomains].join(' ')}`, async () => {
        expect(decide(await started(NotSurtPrefixedDecideRule, lines), uri), 'NotSurtPrefixed').to.equal(notSurt);
        expect(decide(await started(OnHostsDecideRule, lines), uri), 'OnHosts').to.equal(onHosts);
        expect(decide(await started(NotOnHostsDecideRule, lines), uri), 'NotOnHosts').to.equal(notOnHosts);
        expect(decide(await started(OnDomainsDecideRule, lines), uri), 'OnDomains').to.equal(onDomains);
        expect(decide(await started(NotOnDomainsDecideRule, lines), uri), 'NotOnDomains').to.equal(notOnDomains);
      });
    }
  });

  it('converts the prefixes it holds (and dumps them converted)', async () => {
    expect([...(await started(OnHostsDecideRule, ['http://www.example.org/docs/a.html', '+http://(net,example,'])).prefixes])
      .to.deep.equal(['http://(net,example,)', 'http://(org,example,www,)']);
    expect([...(await started(OnDomainsDecideRule, ['http://www.example.org/docs/a.html', 'http://news.example.org/'])).prefixes])
      .to.deep.equal(['http://(org,example,']);
  });

  it('converts the prefix of a seed added during the crawl', async () => {
    const seeds = seedsOf(['http://example.org/']);
    const rule = await started(OnDomainsDecideRule, [], { seeds });
    seeds.add('http://www.example.com/start/page.html');
    expect(decide(rule, 'http://cdn.example.com/x')).to.equal('ACCEPT');
  });

  it('NotSurtPrefixedDecideRule applies to every URI while it has no prefix (as Heritrix\'s negation does)', async () => {
    expect(decide(await started(NotSurtPrefixedDecideRule, [], { seedsAsSurtPrefixes: false }), 'http://anything.org/')).to.equal('ACCEPT');
  });

  describe('ViaSurtPrefixedDecideRule', () => {
    const rule = new ViaSurtPrefixedDecideRule({
      enabled: true, comment: '', decision: 'ACCEPT', surtPrefixes: ['http://(org,example,', 'www.example.com/news/', '+http://(NET,Example,)/'],
    });
    const table: [string | undefined, string][] = [
      ['http://www.example.org/page', 'ACCEPT'],
      ['https://example.org/', 'ACCEPT'],
      ['http://www.example.com/news/today.html', 'ACCEPT'],
      ['http://www.example.com/sport/', 'NONE'],
      ['http://example.net/a', 'ACCEPT'],
      ['http://www.example.net/', 'NONE'],
      ['http://other.org/', 'NONE'],
      [undefined, 'NONE'],
    ];
    for (const [via, expected] of table) {
      it(`${expected} for a URI found on ${via ?? '(no via)'}`, () => {
        expect(decide(rule, 'http://elsewhere.net/x', via)).to.equal(expected);
      });
    }

    it('matches nothing with no prefixes', () => {
      const empty = new ViaSurtPrefixedDecideRule({ enabled: true, comment: '', decision: 'REJECT', surtPrefixes: [] });
      expect(decide(empty, 'http://x.org/', 'http://example.org/')).to.equal('NONE');
    });
  });
});
