import { expect } from 'chai';
import { CanonicalKeyRules } from './canonical-key-rules.js';
import { FixupQueryString } from './fixup-query-string.js';
import { LowercaseRule } from './lowercase-rule.js';
import { StripSessionCfids } from './strip-session-cfids.js';
import { StripSessionIds } from './strip-session-ids.js';
import { StripUserinfoRule } from './strip-userinfo-rule.js';
import { StripWwwnRule } from './strip-wwwn-rule.js';

describe('CanonicalKeyRules', () => {
  it("holds Heritrix's six default rules in Heritrix's order", () => {
    const kinds = new CanonicalKeyRules().rules.map((rule) => rule.constructor);
    expect(kinds).to.deep.equal([
      LowercaseRule, StripUserinfoRule, StripWwwnRule, StripSessionIds, StripSessionCfids, FixupQueryString,
    ]);
  });

  describe('.canonicalKey() with the default rules', () => {
    const policy = new CanonicalKeyRules();
    const table: [string, string][] = [
      ['http://archive.org/index.html', 'http://archive.org/index.html'],
      ['http://www.archive.org/index.html', 'http://archive.org/index.html'],
      ['http://www.archive.org/index.html?jsessionid=01234567890123456789012345678901', 'http://archive.org/index.html'],
      ['http://Stack:Pw@WWW3.Example.ORG/A?CFID=1&CFTOKEN=2&x=Y&', 'http://example.org/a?x=y'],
      ['https://www.example.org/', 'https://www.example.org/'],
    ];
    for (const [url, key] of table) {
      it(`keys ${url} as ${key}`, () => {
        expect(policy.canonicalKey(url)).to.equal(key);
      });
    }
  });

  it('skips disabled rules', () => {
    const policy = new CanonicalKeyRules();
    policy.rules[0]!.enabled = false;
    expect(policy.canonicalKey('http://www.Example.org/A?')).to.equal('http://Example.org/A');
  });

  it('runs a given rule list in its order', () => {
    const policy = new CanonicalKeyRules({ rules: [new StripWwwnRule(), new LowercaseRule()] });
    expect(policy.canonicalKey('http://WWW.Example.org/A')).to.equal('http://example.org/a');
    expect(new CanonicalKeyRules({ rules: [] }).canonicalKey('http://WWW.x/')).to.equal('http://WWW.x/');
  });

  it('leaves the URI itself untouched (the key is a new string)', () => {
    const uri = 'http://www.example.org/A';
    new CanonicalKeyRules().canonicalKey(uri);
    expect(uri).to.equal('http://www.example.org/A');
  });
});
