import { expect } from 'chai';
import { PrefixMap } from './prefix-map.js';

describe(PrefixMap.name, () => {
  it('lists every key that prefixes a string, shortest first', () => {
    const m = new PrefixMap<string>();
    m.set('http://(org,example,', 'domain');
    m.set('http://(org,example,www,)/', 'host');
    m.set('http://(org,example,www,)/pages/', 'pages');
    m.set('http://(com,', 'com');
    expect(m.matches('http://(org,example,www,)/pages/a.html')).to.deep.equal(['domain', 'host', 'pages']);
    expect(m.matches('http://(org,example,www,)/other')).to.deep.equal(['domain', 'host']);
    expect(m.matches('http://(org,examples,)/')).to.deep.equal([]);
    expect(m.matches('http://(com,example,)/')).to.deep.equal(['com']);
  });

  it('splits edges when keys share a beginning, and replaces a value set twice', () => {
    const m = new PrefixMap<number>();
    m.set('abcd', 1);
    m.set('abxy', 2);
    m.set('ab', 3);
    m.set('abcd', 4);
    expect(m.size).to.equal(3);
    expect(m.matches('abcdef')).to.deep.equal([3, 4]);
    expect(m.matches('abxyz')).to.deep.equal([3, 2]);
    expect(m.get('ab')).to.equal(3);
    expect(m.get('abc')).to.equal(undefined);
  });

  it('holds 100,000 keys', () => {
    const m = new PrefixMap<number>();
    for (let i = 0; i < 100_000; i++) m.set(`http://(org,site${i},`, i);
    expect(m.matches('http://(org,site99999,www,)/x')).to.deep.equal([99999]);
    expect(m.matches('http://(org,site5,)/')).to.deep.equal([5]);
  });
});
