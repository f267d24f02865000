import { expect } from 'chai';
import { surtPrefixWidening } from './surt-prefix-widening.js';

describe(surtPrefixWidening.name, () => {
  it('names the folder a URL whose path does not end in "/" becomes, and the narrower spellings', () => {
    expect(surtPrefixWidening('http://host.example/tutorial')).to.equal(
      '"http://host.example/tutorial" becomes the SURT prefix "http://(example,host,)/", all of http://host.example/ (as in Heritrix, a URL\'s ' +
        'prefix ends at its last "/"); ' +
      'for http://host.example/tutorial and below only, write "http://host.example/tutorial/" or the SURT prefix "http://(example,host,)/tutorial"',
    );
    expect(surtPrefixWidening('https://host.example/docs/a.html')).to.contain('becomes the SURT prefix "http://(example,host,)/docs/", all of ' +
      'https://host.example/docs/ ');
    expect(surtPrefixWidening('host.example/docs/a.html')).to.contain('becomes the SURT prefix "http://(example,host,)/docs/"');
    expect(surtPrefixWidening('http://host.example/search?q=a')).to.match(/becomes the SURT prefix "http:\/\/\(example,host,\)\/", .*write the SURT prefix "http:\/\/\(example,host,\)\/search\?q=a"$/);
  });

  it('says nothing of a prefix that covers what it says: a folder, a host, a SURT prefix', () => {
    for (const value of ['http://host.example/tutorial/', 'http://host.example/', 'http://host.example', 'host.example', 'http://(example,host,)/tutorial', '+http://(example,']) {
      expect(surtPrefixWidening(value), value).to.equal(undefined);
    }
  });
});
