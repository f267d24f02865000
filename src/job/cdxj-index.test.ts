import { expect } from 'chai';
import { surtKey, timestamp14 } from './cdxj-index.js';

describe('CDXJ keys', () => {
  it('surtKey: pywb\'s SURT (no scheme, www. dropped, port kept, query sorted, lower case)', () => {
    expect(surtKey('http://www.Example.org:8080/A?b=1&a=2#x')).to.equal('org,example:8080)/a?a=2&b=1');
    expect(surtKey('https://example.org/')).to.equal('org,example)/');
    expect(surtKey('http://127.0.0.1:80/x')).to.equal('127.0.0.1)/x');
    expect(surtKey('dns:Example.org')).to.equal('dns:example.org');
  });

  it('timestamp14: a WARC-Date in 14 digits', () => {
    expect(timestamp14('2026-11-25T21:00:07Z')).to.equal('20261125210007');
    expect(timestamp14('2026-11-25T21:00:07.123Z')).to.equal('20261125210007');
  });
});
