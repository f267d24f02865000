import { expect } from 'chai';
import { surtSearchKeys } from './surt-search-keys.js';

describe('surtSearchKeys()', () => {
  it('probes the table example http://www.archive.org:8080/cgi?foobar, finest first (heritrix.md §4)', () => {
    expect(surtSearchKeys('http://www.archive.org:8080/cgi?foobar')).to.deep.equal([
      '(org,archive,www,:8080)/cgi?foobar\t',
      '(org,archive,www,:8080)/cgi?foobar',
      '(org,archive,www,:8080)/cgi',
      '(org,archive,www,:8080',
      '(org,archive,www',
      '(org,archive',
      '(org',
    ]);
  });

  const table: [string, string[]][] = [
    ['http://www.archive.org/foo', ['(org,archive,www,)/foo', '(org,archive,www,', '(org,archive,www', '(org,archive', '(org']],
    ['http://www.archive.org/', ['(org,archive,www,)/', '(org,archive,www,', '(org,archive,www', '(org,archive', '(org']],
    ['http://www.archive.org', ['(org,archive,www,)/', '(org,archive,www,', '(org,archive,www', '(org,archive', '(org']],
    [
      'http://brad.www.archive.org/one/two',
      ['(org,archive,www,brad,)/one/two', '(org,archive,www,brad,)/one', '(org,archive,www,brad,', '(org,archive,www,brad', '(org,archive,www', '(org,archive', '(org'],
    ],
    ['http://www.archive.org/one/two#hash', ['(org,archive,www,)/one/two', '(org,archive,www,)/one', '(org,archive,www,', '(org,archive,www', '(org,archive', '(org']],
    [
      'http://brad:pass@www.archive.org/cgi?foobar',
      ['(org,archive,www,@brad:pass)/cgi?foobar', '(org,archive,www,@brad:pass)/cgi', '(org,archive,www,@brad:pass', '(org,archive,www', '(org,archive', '(org'],
    ],
  ];
  for (const [url, keys] of table) {
    it(`probes ${url} as SURTTokenizerTest expects`, () => {
      expect(surtSearchKeys(url)).to.deep.equal([keys[0] + '\t', ...keys]);
    });
  }

  it('adds http:// to a bare host', () => {
    expect(surtSearchKeys('archive.org')[1]).to.equal('(org,archive,)/');
  });
});
