import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { PrerequisiteAcceptDecideRule } from './prerequisite-accept-decide-rule.js';

describe('PrerequisiteAcceptDecideRule', () => {
  const rule = new PrerequisiteAcceptDecideRule({ enabled: true, comment: '' });
  const table: [string, string, string][] = [
    ['dns:other.org', 'LP', 'ACCEPT'],
    ['http://other.org/robots.txt', 'P', 'ACCEPT'],
    ['http://other.org/robots.txt', 'LEP', 'ACCEPT'],
    ['http://other.org/', 'PL', 'NONE'],
    ['http://other.org/', 'L', 'NONE'],
    ['http://other.org/', '', 'NONE'],
  ];
  for (const [uri, hopsPath, expected] of table) {
    it(`${expected} for ${uri} reached by "${hopsPath}"`, () => {
      expect(rule.decisionFor(new CrawlUri(uri, { hopsPath }))).to.equal(expected);
    });
  }

  it('answers ACCEPT only, and NONE when disabled', () => {
    expect(rule.onlyDecision()).to.equal('ACCEPT');
    expect(new PrerequisiteAcceptDecideRule({ enabled: false, comment: '' }).decisionFor(new CrawlUri('dns:x.org', { hopsPath: 'P' }))).to.equal('NONE');
  });
});
