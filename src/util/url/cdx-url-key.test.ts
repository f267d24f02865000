import { expect } from 'chai';
import { cdxUrlKey } from './cdx-url-key.js';

/** Expected keys are the Python `surt` package's (its own tests' cases, and its code's behaviour for IP hosts). */
describe('cdxUrlKey: the key wayback tools (pywb, cdxj-indexer) give a URL', () => {
  it('reverses host labels, IP addresses too, and keeps a port other than the default', () => {
    expect(cdxUrlKey('http://127.0.0.1:8080/')).to.equal('1,0,0,127:8080)/');
    expect(cdxUrlKey('http://127.0.0.1:80/x')).to.equal('1,0,0,127)/x');
    expect(cdxUrlKey('https://example.org:443/')).to.equal('org,example)/');
    expect(cdxUrlKey('http://2130706433/')).to.equal('1,0,0,127)/');
    expect(cdxUrlKey('http://127.1/')).to.equal('1,0,0,127)/');
    expect(cdxUrlKey('https://example.org')).to.equal('org,example)/');
  });

  it('drops the scheme, www., user and fragment; lower-cases; strips a trailing slash; sorts the query as (name, value) pairs', () => {
    expect(cdxUrlKey('http://www.archive.org/')).to.equal('org,archive)/');
    expect(cdxUrlKey('http://archive.org/goo/')).to.equal('org,archive)/goo');
    expect(cdxUrlKey('http://archive.org/goo/?')).to.equal('org,archive)/goo');
    expect(cdxUrlKey('http://archive.org/goo/?b&a')).to.equal('org,archive)/goo?a&b');
    expect(cdxUrlKey('http://archive.org/goo/?a=2&b&a=1')).to.equal('org,archive)/goo?a=1&a=2&b');
    expect(cdxUrlKey('http://user:pw@WWW2.Example.ORG:8080/A/B.html?Z=1&a-b=2&a=3#frag')).to.equal('org,example:8080)/a/b.html?a=3&a-b=2&z=1');
    expect(cdxUrlKey('http://example.org/a/./b/../c//d')).to.equal('org,example)/a/c/d');
  });

  it('unescapes then escapes once, drops session ids, and keeps other schemes as they are', () => {
    expect(cdxUrlKey('http://example.com/app?item=Wroc%C5%82aw')).to.equal('com,example)/app?item=wroc%c5%82aw');
    expect(cdxUrlKey('http://example.com/caf\u00e9 x')).to.equal('com,example)/caf%c3%a9%20x');
    expect(cdxUrlKey('http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221'))
      .to.equal('org,archive)/index.php?action=profile;u=4221');
    expect(cdxUrlKey('http://visit.webhosting.yahoo.com/visit.gif?&r=http%3A//web.archive.org/web/20090517140029/http%3A//anthonystewarthead.electric-chi.com/&b=Netscape%205.0%20%28Windows%3B%20en-US%29&s=1366x768&o=Win32&c=24&j=true&v=1.2'))
      .to.equal('com,yahoo,webhosting,visit)/visit.gif?&b=netscape%205.0%20(windows;%20en-us)&c=24&j=true&o=win32&r=http://web.archive.org/web/20090517140029/http://anthonystewarthead.electric-chi.com/&s=1366x768&v=1.2');
    expect(cdxUrlKey('dns:Archive.org')).to.equal('dns:archive.org');
    expect(cdxUrlKey('whois://whois.isoc.org.il/shaveh.co.il')).to.equal('il,org,isoc,whois)/shaveh.co.il');
    expect(cdxUrlKey('mailto:foo@example.com')).to.equal('mailto:foo@example.com');
    expect(cdxUrlKey('imap://mail.example.org/INBOX;UID=7')).to.equal('org,example,mail)/inbox;uid=7');
    expect(cdxUrlKey('filedesc://foo.arc.gz')).to.equal('filedesc://foo.arc.gz');
    expect(cdxUrlKey('')).to.equal('-');
  });
});
