import { expect } from 'chai';
import { PrefixTrie } from './prefix-trie.js';

function trieOf(...entries: string[]): PrefixTrie {
  const trie = new PrefixTrie();
  for (const entry of entries) trie.add(entry);
  return trie;
}

describe('PrefixTrie', () => {
  describe('.add()', () => {
    it('ignores an entry that an existing entry prefixes', () => {
      const trie = trieOf('ab');
      expect(trie.add('abc')).to.equal(false);
      expect([...trie]).to.deep.equal(['ab']);
    });
    it('ignores an entry equal to an existing one', () => {
      const trie = trieOf('ab');
      expect(trie.add('ab')).to.equal(false);
      expect(trie.size).to.equal(1);
    });
    it('replaces the entries a new shorter entry prefixes', () => {
      const trie = trieOf('abc', 'abd', 'abx/y', 'b');
      expect(trie.add('ab')).to.equal(true);
      expect([...trie]).to.deep.equal(['ab', 'b']);
      expect(trie.size).to.equal(2);
    });
    it('replaces entries when the new entry ends inside a shared stretch', () => {
      const trie = trieOf('abcdef', 'abcdeg');
      trie.add('abc');
      expect([...trie]).to.deep.equal(['abc']);
    });
    it('keeps diverging entries apart', () => {
      expect([...trieOf('abcd', 'abxy', 'abc!')]).to.deep.equal(['abc!', 'abcd', 'abxy']);
    });
    it('makes the empty string cover everything', () => {
      const trie = trieOf('a', 'b');
      trie.add('');
      expect([...trie]).to.deep.equal(['']);
      expect(trie.containsPrefixOf('anything')).to.equal(true);
    });
  });

  describe('.containsPrefixOf()', () => {
    const trie = trieOf('http://(is,', 'http://(org,example,)/a/');
    const table: [string, boolean][] = [
      ['http://(is,example,)/foo', true],
      ['http://(is,', true],
      ['http://(is', false],
      ['http://(org,example,)/a/b', true],
      ['http://(org,example,)/a', false],
      ['http://(org,example,)/b/', false],
      ['', false],
    ];
    for (const [probe, expected] of table) {
      it(`${expected ? 'finds' : 'finds no'} prefix of ${JSON.stringify(probe)}`, () => {
        expect(trie.containsPrefixOf(probe)).to.equal(expected);
      });
    }
  });

  it('iterates in ascending UTF-16 order', () => {
    expect([...trieOf('b', 'B', 'a~', 'a!', '\u00e9')]).to.deep.equal(['B', 'a!', 'a~', 'b', '\u00e9']);
  });

  it('agrees with a naive prefix set on 3,000 generated operations', () => {
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const word = () => Array.from({ length: next(6) }, () => 'abc,('[next(5)]).join('');
    const trie = new PrefixTrie();
    let naive: string[] = [];
    for (let k = 0; k < 3000; k++) {
      const w = word();
      if (next(3) > 0) {
        const redundant = naive.some((p) => w.startsWith(p));
        expect(trie.add(w), `add ${w}`).to.equal(!redundant);
        if (!redundant) naive = [...naive.filter((p) => !p.startsWith(w)), w];
      } else {
        expect(trie.containsPrefixOf(w), `probe ${w}`).to.equal(naive.some((p) => w.startsWith(p)));
      }
    }
    expect([...trie]).to.deep.equal([...naive].sort());
    expect(trie.size).to.equal(naive.length);
  });
});
