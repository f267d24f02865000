import { expect } from 'chai';
import { SurtPrefixSet } from './surt-prefix-set.js';
import { impliedSurtPrefix } from './implied-surt-prefix.js';
import { surt } from './surt.js';

function setOf(...prefixes: string[]): SurtPrefixSet {
  const set = new SurtPrefixSet();
  for (const prefix of prefixes) set.add(prefix);
  return set;
}

describe('SurtPrefixSet', () => {
  describe("Heritrix's documented examples (heritrix.md §4)", () => {
    it('keeps only http://(is, of {http://(is, http://(is,bok, http://(is,bok,www}', () => {
      const set = setOf('http://(is,', 'http://(is,bok,', 'http://(is,bok,www');
      expect([...set]).to.deep.equal(['http://(is,']);
    });
    it('keeps only http://(is, whatever the order of insertion', () => {
      const set = setOf('http://(is,bok,www', 'http://(is,bok,', 'http://(is,');
      expect([...set]).to.deep.equal(['http://(is,']);
    });
    it('finds that http://(is, prefixes the SURT of http://example.is/foo', () => {
      const set = setOf('http://(is,', 'http://(is,bok,', 'http://(is,bok,www');
      expect(set.containsPrefixOf(surt('http://example.is/foo'))).to.equal(true);
    });
    it('does not cover http://home.example.org/foo with http://(org,example,home,)/pages/', () => {
      const set = setOf('http://(org,example,home,)/pages/');
      expect(set.coversUrl('http://home.example.org/foo')).to.equal(false);
      expect(set.coversUrl('http://home.example.org/pages/foo')).to.equal(true);
    });
  });

  describe('.coversUrl()', () => {
    it('reads an https URL as http', () => {
      expect(setOf('http://(org,example,)/').coversUrl('https://example.org/a')).to.equal(true);
    });
    it('matches a prefix that ends inside a host label', () => {
      const set = setOf('http://(is,bok,www');
      expect(set.coversUrl('http://wwwx.bok.is/')).to.equal(true);
      expect(set.coversUrl('http://ww.bok.is/')).to.equal(false);
    });
    it('covers subdomains of a bare-host prefix but not look-alike hosts', () => {
      const set = new SurtPrefixSet();
      set.addFromPlain('example.org');
      expect(set.coversUrl('http://www.example.org/x')).to.equal(true);
      expect(set.coversUrl('http://example.org/')).to.equal(true);
      expect(set.coversUrl('http://example.organic.com/')).to.equal(false);
      expect(set.coversUrl('http://badexample.org/')).to.equal(false);
    });
    it('keeps a seed with a slash to that host only', () => {
      const set = new SurtPrefixSet();
      set.addFromPlain('http://example.org/');
      expect(set.coversUrl('http://example.org/a/b')).to.equal(true);
      expect(set.coversUrl('http://www.example.org/')).to.equal(false);
    });
  });

  describe('.add()', () => {
    it('stores an https prefix as http, so that it can match', () => {
      const set = setOf('https://(org,example,');
      expect([...set]).to.deep.equal(['http://(org,example,']);
      expect(set.coversUrl('https://example.org/')).to.equal(true);
    });
    it('reports whether the set changed', () => {
      const set = setOf('http://(org,');
      expect(set.add('http://(org,example,')).to.equal(false);
      expect(set.add('http://(com,')).to.equal(true);
      expect(set.size).to.equal(2);
    });
  });

  describe('.considerAsDirective()', () => {
    it('adds a value containing "(" literally, lower-cased', () => {
      const set = new SurtPrefixSet();
      expect(set.considerAsDirective('+HTTP://(Org,Example,')).to.equal(true);
      expect([...set]).to.deep.equal(['http://(org,example,']);
    });
    it('adds the implied prefix of a URL or host', () => {
      const set = new SurtPrefixSet();
      set.considerAsDirective('+example.org');
      set.considerAsDirective('+ http://www.example.com/a/b.html ');
      expect([...set]).to.deep.equal(['http://(com,example,www,)/a/', 'http://(org,example,']);
    });
    it('reads "-" lines for a REJECT rule and ignores them for an ACCEPT rule', () => {
      const reject = new SurtPrefixSet();
      expect(reject.considerAsDirective('-example.org', '-')).to.equal(true);
      expect([...reject]).to.deep.equal(['http://(org,example,']);
      expect(new SurtPrefixSet().considerAsDirective('-example.org')).to.equal(false);
    });
    it('refuses an empty directive and a line that is not a directive', () => {
      const set = new SurtPrefixSet();
      expect(set.considerAsDirective('+   ')).to.equal(false);
      expect(set.considerAsDirective('http://example.org/')).to.equal(false);
      expect(set.size).to.equal(0);
    });
    it('reads a value whose only "(" comes first as a plain URL, as Heritrix does', () => {
      const set = new SurtPrefixSet();
      set.considerAsAddDirective('(org,example,');
      expect([...set]).to.deep.equal([impliedSurtPrefix('(org,example,')]);
    });
  });

  describe('.importFromMixed()', () => {
    const text = [
      '\uFEFF# surts for the crawl',
      '+http://(org,example,',
      '   ',
      'example.com/docs/index.html   # seed with a comment',
      'two words',
      '+https://(net,example,)/',
      '',
    ].join('\r\n');

    it('reads directives and, when deducing from seeds, plain entries', () => {
      const set = new SurtPrefixSet();
      set.importFromMixed(text);
      expect([...set]).to.deep.equal(['http://(com,example,)/docs/', 'http://(net,example,)/', 'http://(org,example,']);
    });
    it('reads directives only when not deducing from seeds', () => {
      const set = new SurtPrefixSet();
      set.importFromMixed(text, false);
      expect([...set]).to.deep.equal(['http://(net,example,)/', 'http://(org,example,']);
    });
  });

  it('dumps one prefix a line, sorted', () => {
    expect(setOf('http://(org,', 'http://(com,').dump()).to.equal('http://(com,\nhttp://(org,\n');
  });

  it('answers lookups among 10,000 prefixes', () => {
    const set = new SurtPrefixSet();
    for (let i = 0; i < 10000; i++) set.addFromPlain(`http://host${i}.example${i % 97}.org/`);
    expect(set.size).to.equal(10000);
    expect(set.coversUrl('http://host4242.example71.org/a/b')).to.equal(true);
    expect(set.coversUrl('http://host4242.example72.org/a/b')).to.equal(false);
  });
});
