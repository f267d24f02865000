import { expect } from 'chai';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { ReadSource } from '../../model/read-source.js';
import type { SeedModule } from '../../model/seed-module.js';
import { seedSurtPrefix, SurtPrefixedDecideRule } from './surt-prefixed-decide-rule.js';

function seedsOf(lines: string[]): SeedModule & { listeners: Array<(url: string) => void> } {
  const listeners: Array<(url: string) => void> = [];
  return {
    listeners,
    loadSeeds: async () => ({
      seeds: lines.filter((l) => /^[a-z0-9]/i.test(l)).map((url, i) => ({ url, line: i + 1 })),
      directives: lines.filter((l) => !/^[a-z0-9]/i.test(l)).map((text, i) => ({ text, line: i + 1 })),
    }),
    addSeed: (url) => listeners.forEach((listener) => listener(url)),
    onSeedAdded: (listener) => listeners.push(listener),
  };
}

function text(value: string): ReadSource {
  return { description: 'inline text', readText: async () => value };
}

async function started(over: Partial<ConstructorParameters<typeof SurtPrefixedDecideRule>[0]> = {}): Promise<SurtPrefixedDecideRule> {
  const rule = new SurtPrefixedDecideRule({
    enabled: true, comment: '', decision: 'ACCEPT', seedsAsSurtPrefixes: true, alsoCheckVia: false, surtsDumpFile: '',
    surtsSource: undefined, seeds: undefined, ...over,
  });
  await rule.start();
  return rule;
}

function decide(rule: SurtPrefixedDecideRule, uri: string, via?: string): string {
  return rule.decisionFor(new CrawlUri(uri, { hopsPath: 'L', via }));
}

describe('SurtPrefixedDecideRule', () => {
  describe('seedSurtPrefix(): the prefix an announced (normalised) seed implies', () => {
    const table: [string, string][] = [
      ['http://www.archive.org/index.html', 'http://(org,archive,www,)/'],
      ['http://timmknibbs4senate.blogspot.com/', 'http://(com,blogspot,timmknibbs4senate,)/'],
      ['http://example.org', 'http://(org,example,)/'],
      ['https://one.two.three', 'http://(three,two,one,)/'],
      ['https://xone.two.three/a/b/c/', 'http://(three,two,xone,)/a/b/c/'],
      ['https://yone.two.three/a/b/c', 'http://(three,two,yone,)/a/b/'],
      ['http://Example.ORG:8080/a/', 'http://(org,example,:8080)/a/'],
      ['http://example.org/a/?q=1', 'http://(org,example,)/a/'],
    ];
    for (const [seed, prefix] of table) {
      it(`${seed} → ${prefix}`, () => {
        expect(seedSurtPrefix(seed)).to.equal(prefix);
      });
    }
  });

  describe('with seeds as prefixes', () => {
    const table: [string, string[], string, string][] = [
      ['a host seed covers its host', ['http://example.org/'], 'http://example.org/any/page', 'ACCEPT'],
      ['https is read as http', ['http://example.org/'], 'https://example.org/x', 'ACCEPT'],
      ['an https seed covers http too', ['https://example.org/'], 'http://example.org/x', 'ACCEPT'],
      ['a host seed does not cover subdomains', ['http://example.org/'], 'http://www.example.org/', 'NONE'],
      ['a host seed does not cover other ports', ['http://example.org/'], 'http://example.org:8080/', 'NONE'],
      ['nor other hosts', ['http://example.org/'], 'http://other.org/', 'NONE'],
      ['a seed with a path covers that folder', ['http://example.org/a/'], 'http://example.org/a/b/c.html', 'ACCEPT'],
      ['and not the rest of the host', ['http://example.org/a/'], 'http://example.org/x', 'NONE'],
      ['a seed page covers its folder', ['http://example.org/a/page.html'], 'http://example.org/a/other.html', 'ACCEPT'],
      ['a + directive adds a literal SURT prefix', ['http://example.org/', '+http://(com,example,'], 'http://www.example.com/', 'ACCEPT'],
      ['a + directive adds the prefix a host implies', ['+example.net'], 'http://deep.www.example.net/x', 'ACCEPT'],
      ['an ACCEPT rule ignores - directives', ['-http://(com,example,'], 'http://www.example.com/', 'NONE'],
      ['non-authority URIs are never covered', ['http://example.org/'], 'dns:example.org', 'NONE'],
    ];
    for (const [what, lines, uri, expected] of table) {
      it(`${expected}: ${what}`, async () => {
        expect(decide(await started({ seeds: seedsOf(lines) }), uri)).to.equal(expected);
      });
    }
  });

  it('a REJECT rule takes - directives and ignores + ones', async () => {
    const rule = await started({ decision: 'REJECT', seedsAsSurtPrefixes: false, seeds: seedsOf(['http://example.org/', '-http://(org,example,)/private/', '+http://(com,']) });
    expect(decide(rule, 'http://example.org/private/x')).to.equal('REJECT');
    expect(decide(rule, 'http://example.org/public/x')).to.equal('NONE');
    expect(decide(rule, 'http://example.com/')).to.equal('NONE');
    expect(rule.onlyDecision(new CrawlUri('http://example.org/'))).to.equal('REJECT');
  });

  it('with seedsAsSurtPrefixes false, seeds add nothing but directives still count', async () => {
    const rule = await started({ seedsAsSurtPrefixes: false, seeds: seedsOf(['http://example.org/', '+http://(net,']) });
    expect([...rule.prefixes]).to.deep.equal(['http://(net,']);
  });

  it('reads surtsSource: URLs give implied prefixes, + lines literal ones, # comments skipped', async () => {
    const rule = await started({ surtsSource: text('# scope\nhttp://example.com/x/y.html\n+http://(net,example,\nexample.edu # a host\n') });
    expect([...rule.prefixes]).to.deep.equal(['http://(com,example,)/x/', 'http://(edu,example,', 'http://(net,example,']);
  });

  it('drops prefixes made redundant by shorter ones', async () => {
    const rule = await started({ seeds: seedsOf(['http://www.example.org/a/', 'http://www.example.org/', '+http://(org,example,']) });
    expect([...rule.prefixes]).to.deep.equal(['http://(org,example,']);
  });

  it('adds the prefix of a seed added during the crawl (a seed redirect), listening once however often started', async () => {
    const seeds = seedsOf(['http://example.org/']);
    const rule = await started({ seeds });
    await rule.start();
    expect(seeds.listeners).to.have.length(1);
    seeds.addSeed('https://www.example.org/home/index.html');
    expect(decide(rule, 'http://www.example.org/home/x')).to.equal('ACCEPT');
    expect(decide(rule, 'http://www.example.org/')).to.equal('NONE');
    const negative = await started({ decision: 'REJECT', seedsAsSurtPrefixes: false, seeds });
    seeds.addSeed('http://other.org/');
    expect(decide(negative, 'http://other.org/')).to.equal('NONE');
  });

  it('with alsoCheckVia, decides on a URI found on a covered page (one hop off)', async () => {
    const seeds = seedsOf(['http://example.org/']);
    expect(decide(await started({ seeds, alsoCheckVia: true }), 'http://other.org/', 'http://example.org/page')).to.equal('ACCEPT');
    expect(decide(await started({ seeds, alsoCheckVia: true }), 'http://other.org/', 'http://elsewhere.org/')).to.equal('NONE');
    expect(decide(await started({ seeds, alsoCheckVia: true }), 'http://other.org/')).to.equal('NONE');
    expect(decide(await started({ seeds }), 'http://other.org/', 'http://example.org/page')).to.equal('NONE');
  });

  it('answers NONE before start() and when disabled', async () => {
    const config = { enabled: true, comment: '', decision: 'ACCEPT', seedsAsSurtPrefixes: true, alsoCheckVia: false, surtsDumpFile: '', surtsSource: undefined, seeds: seedsOf(['http://example.org/']) } as const;
    expect(decide(new SurtPrefixedDecideRule(config), 'http://example.org/')).to.equal('NONE');
    expect(decide(await started({ ...config, enabled: false }), 'http://example.org/')).to.equal('NONE');
  });

  describe('surtsDumpFile', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'beancrawl-surts-'));
    });
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('writes the prefixes in use, sorted, one a line, creating its folder; a second start writes the same', async () => {
      const surtsDumpFile = join(dir, 'run', 'surts.dump');
      const rule = await started({ surtsDumpFile, seeds: seedsOf(['http://example.org/', '+http://(com,example,', 'https://b.example.net/x/']) });
      const expected = 'http://(com,example,\nhttp://(net,example,b,)/x/\nhttp://(org,example,)/\n';
      expect(await readFile(surtsDumpFile, 'utf8')).to.equal(expected);
      await rule.start();
      expect(await readFile(surtsDumpFile, 'utf8')).to.equal(expected);
      expect(rule.prefixes.size).to.equal(3);
    });

    it('writes nothing while ${launchId} is not filled in (verify, no launch)', async () => {
      await started({ surtsDumpFile: join(dir, '${launchId}', 'surts.dump'), seeds: seedsOf(['http://example.org/']) });
      await stat(join(dir, '${launchId}')).then(() => expect.fail('dump folder created'), () => undefined);
    });
  });

  it('fails to start when surtsSource cannot be read, naming it', async () => {
    const source: ReadSource = { description: '/no/such/surts.txt', readText: async () => Promise.reject(new Error('ENOENT')) };
    const rule = new SurtPrefixedDecideRule({
      enabled: true, comment: '', decision: 'ACCEPT', seedsAsSurtPrefixes: true, alsoCheckVia: false, surtsDumpFile: '', surtsSource: source, seeds: undefined,
    });
    await rule.start().then(() => expect.fail('started'), (e: Error) => expect(e.message).to.equal('cannot read surtsSource /no/such/surts.txt: ENOENT'));
  });
});
