import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { SchemeNotInSetDecideRule } from './scheme-not-in-set-decide-rule.js';

const DEFAULT_SCHEMES = ['http', 'https', 'ftp', 'dns', 'whois', 'sftp'];

function rule(over: Partial<ConstructorParameters<typeof SchemeNotInSetDecideRule>[0]> = {}): SchemeNotInSetDecideRule {
  return new SchemeNotInSetDecideRule({ enabled: true, comment: '', decision: 'REJECT', schemes: DEFAULT_SCHEMES, ...over });
}

describe('SchemeNotInSetDecideRule', () => {
  const table: [string, string][] = [
    ['http://example.org/', 'NONE'],
    ['https://example.org/', 'NONE'],
    ['ftp://example.org/pub/', 'NONE'],
    ['sftp://example.org/pub/', 'NONE'],
    ['dns:example.org', 'NONE'],
    ['whois://whois.iana.org/example.org', 'NONE'],
    ['HTTP://example.org/', 'NONE'],
    ['mailto:someone@example.org', 'REJECT'],
    ['javascript:void(0)', 'REJECT'],
    ['file:///etc/passwd', 'REJECT'],
    ['data:text/plain,x', 'REJECT'],
    ['no-scheme-at-all', 'REJECT'],
  ];
  for (const [uri, expected] of table) {
    it(`${expected} for ${uri} with the default schemes`, () => {
      expect(rule().decisionFor(new CrawlUri(uri))).to.equal(expected);
    });
  }

  it('uses the configured set, without regard to case', () => {
    const r = rule({ schemes: ['HTTPS'] });
    expect(r.decisionFor(new CrawlUri('https://example.org/'))).to.equal('NONE');
    expect(r.decisionFor(new CrawlUri('http://example.org/'))).to.equal('REJECT');
  });

  it('gives its configured decision, and NONE when disabled', () => {
    expect(rule({ decision: 'ACCEPT' }).decisionFor(new CrawlUri('mailto:x@example.org'))).to.equal('ACCEPT');
    expect(rule({ enabled: false }).decisionFor(new CrawlUri('mailto:x@example.org'))).to.equal('NONE');
    expect(rule().onlyDecision(new CrawlUri('http://example.org/'))).to.equal('REJECT');
  });
});
