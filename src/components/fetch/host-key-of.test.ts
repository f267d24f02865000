import { expect } from 'chai';
import { dnsKeyOf, dnsUriOf, hostKeyOf, ipLiteralOf } from './host-key-of.js';

describe('host keys', () => {
  it('hostKeyOf: lower-cased host, the port only when it is not the scheme\'s default', () => {
    expect(hostKeyOf('http://WWW.Example.ORG/a')).to.equal('www.example.org');
    expect(hostKeyOf('http://example.org:80/')).to.equal('example.org');
    expect(hostKeyOf('https://example.org:443/')).to.equal('example.org');
    expect(hostKeyOf('https://example.org:8443/')).to.equal('example.org:8443');
    expect(hostKeyOf('http://example.org:443/')).to.equal('example.org:443');
    expect(hostKeyOf(new URL('http://[::1]:8080/'))).to.equal('[::1]:8080');
  });

  it('dnsKeyOf and dnsUriOf: the host name alone', () => {
    expect(dnsKeyOf('http://Example.org:8080/x')).to.equal('example.org');
    expect(dnsUriOf('https://example.org/')).to.equal('dns:example.org');
    expect(dnsKeyOf('http://[::1]:8080/')).to.equal('[::1]');
  });

  it('ipLiteralOf: the address of an IP literal, brackets removed', () => {
    expect(ipLiteralOf('10.0.0.1')).to.equal('10.0.0.1');
    expect(ipLiteralOf('[::1]')).to.equal('::1');
    expect(ipLiteralOf('example.org')).to.equal(undefined);
  });
});
