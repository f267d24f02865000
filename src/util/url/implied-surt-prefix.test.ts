import { expect } from 'chai';
import { addImpliedHttp, asSurtPrefix, coerceHttpsToHttp, impliedSurtPrefix } from './implied-surt-prefix.js';

describe('impliedSurtPrefix()', () => {
  describe("Heritrix's documented examples (heritrix.md §4)", () => {
    const table: [string, string][] = [
      ['http://www.archive.org/index.html', 'http://(org,archive,www,)/'],
      ['http://timmknibbs4senate.blogspot.com/', 'http://(com,blogspot,timmknibbs4senate,)/'],
      ['https://one.two.three', 'http://(three,two,one,'],
      ['https://xone.two.three/a/b/c/', 'http://(three,two,xone,)/a/b/c/'],
      ['https://yone.two.three/a/b/c', 'http://(three,two,yone,)/a/b/'],
    ];
    for (const [seed, prefix] of table) {
      it(`derives ${prefix} from ${seed}`, () => {
        expect(impliedSurtPrefix(seed)).to.equal(prefix);
      });
    }
  });

  it('drops the last path segment', () => {
    expect(impliedSurtPrefix('http://example.org/a/b.html')).to.equal('http://(org,example,)/a/');
  });
  it('reads a missing scheme as http://', () => {
    expect(impliedSurtPrefix('example.org/a/b.html')).to.equal('http://(org,example,)/a/');
  });
  it('opens a bare host to its subdomains', () => {
    expect(impliedSurtPrefix('example.org')).to.equal('http://(org,example,');
  });
  it('keeps a host with a trailing slash exact', () => {
    expect(impliedSurtPrefix('example.org/')).to.equal('http://(org,example,)/');
  });
  it('normalises the seed first: case, default port, trailing host dot, fragment', () => {
    expect(impliedSurtPrefix('HTTP://WWW.Example.ORG.:80/A/b#top')).to.equal('http://(org,example,www,)/a/');
  });
  it('keeps a non-default port in the prefix', () => {
    expect(impliedSurtPrefix('http://example.org:8080/a/b')).to.equal('http://(org,example,:8080)/a/');
  });
  it('does not let normalisation add the slash a bare host lacks, even with a query', () => {
    expect(impliedSurtPrefix('http://example.org?x=1')).to.equal('http://(org,example,)/');
  });
});

describe('addImpliedHttp()', () => {
  const table: [string, string][] = [
    ['example.org', 'http://example.org'],
    ['example.org:8080/x', 'http://example.org:8080/x'],
    ['http://example.org', 'http://example.org'],
    ['localhost', 'http://localhost'],
    ['dns:example.org', 'dns:example.org'],
  ];
  for (const [input, expected] of table) {
    it(`turns ${input} into ${expected}`, () => {
      expect(addImpliedHttp(input)).to.equal(expected);
    });
  }
});

describe('asSurtPrefix()', () => {
  const table: [string, string][] = [
    ['http://(org,example,)/a/b', 'http://(org,example,)/a/'],
    ['http://(org,example,)/', 'http://(org,example,)/'],
    ['http://(org,example,)', 'http://(org,example,'],
    ['http://(org,example,:8080)', 'http://(org,example,:8080'],
    ['http://(org,example,)/a?b=/c', 'http://(org,example,)/a?b=/'],
  ];
  for (const [input, expected] of table) {
    it(`truncates ${input} to ${expected}`, () => {
      expect(asSurtPrefix(input)).to.equal(expected);
    });
  }
});

describe('coerceHttpsToHttp()', () => {
  it('writes https:// as http:// and leaves other schemes alone', () => {
    expect(coerceHttpsToHttp('https://(org,')).to.equal('http://(org,');
    expect(coerceHttpsToHttp('ftp://(org,')).to.equal('ftp://(org,');
  });
});
