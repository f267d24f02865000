import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { ContentTypeMatchesRegexDecideRule, ContentTypeNotMatchesRegexDecideRule } from './content-type-matches-regex-decide-rule.js';
import { HopsPathMatchesRegexDecideRule } from './hops-path-matches-regex-decide-rule.js';
import { MatchesFilePatternDecideRule, NotMatchesFilePatternDecideRule, type FilePatternPreset } from './matches-file-pattern-decide-rule.js';
import { MatchesRegexDecideRule, NotMatchesRegexDecideRule } from './matches-regex-decide-rule.js';
import { NotMatchesListRegexDecideRule } from './not-matches-list-regex-decide-rule.js';

const base = { enabled: true, comment: '', decision: 'ACCEPT' as const };

function fetched(uri: string, contentType: string): CrawlUri {
  const curi = new CrawlUri(uri, { hopsPath: 'L', via: 'http://example.org/' });
  curi.contentType = contentType;
  return curi;
}

describe('the regular-expression decide rules', () => {
  describe('MatchesRegexDecideRule and NotMatchesRegexDecideRule (the whole URI)', () => {
    const table: [string, string, string, string][] = [
      ['.*\\.pdf', 'http://example.org/a.pdf', 'ACCEPT', 'NONE'],
      ['.*\\.pdf', 'http://example.org/a.pdf?x=1', 'NONE', 'ACCEPT'],
      ['example', 'http://example.org/', 'NONE', 'ACCEPT'],
      ['http://example\\.org/.*', 'http://example.org/deep/page', 'ACCEPT', 'NONE'],
      ['.*(?i)/PRIVATE/.*', 'http://example.org/private/x', 'ACCEPT', 'NONE'],
      ['.', 'http://example.org/', 'NONE', 'ACCEPT'],
    ];
    for (const [regex, uri, matches, notMatches] of table) {
      it(`${regex} on ${uri}: ${matches} / ${notMatches}`, () => {
        const curi = new CrawlUri(uri, { hopsPath: 'L' });
        expect(new MatchesRegexDecideRule({ ...base, regex }).decisionFor(curi)).to.equal(matches);
        expect(new NotMatchesRegexDecideRule({ ...base, regex }).decisionFor(curi)).to.equal(notMatches);
      });
    }

    it('gives its configured decision, and NONE when disabled', () => {
      const curi = new CrawlUri('http://example.org/a.zip');
      expect(new MatchesRegexDecideRule({ ...base, decision: 'REJECT', regex: '.*zip' }).decisionFor(curi)).to.equal('REJECT');
      expect(new NotMatchesRegexDecideRule({ ...base, decision: 'REJECT', regex: '.*zip' }).onlyDecision(new CrawlUri('http://example.org/'))).to.equal('REJECT');
      expect(new MatchesRegexDecideRule({ ...base, enabled: false, regex: '.*' }).decisionFor(curi)).to.equal('NONE');
      expect(new NotMatchesRegexDecideRule({ ...base, enabled: false, regex: 'x' }).decisionFor(curi)).to.equal('NONE');
    });
  });

  describe('HopsPathMatchesRegexDecideRule (the hops path)', () => {
    const table: [string, string, string][] = [
      ['.*LLX?$', 'LL', 'ACCEPT'],
      ['.*LLX?$', 'RLLX', 'ACCEPT'],
      ['.*LLX?$', 'LLE', 'NONE'],
      ['.*X.*', 'LXE', 'ACCEPT'],
      ['', '', 'ACCEPT'],
      ['.', '', 'NONE'],
      ['.', 'L', 'ACCEPT'],
    ];
    for (const [regex, hopsPath, expected] of table) {
      it(`${expected}: ${JSON.stringify(regex)} on hops path ${JSON.stringify(hopsPath)}`, () => {
        expect(new HopsPathMatchesRegexDecideRule({ ...base, regex }).decisionFor(new CrawlUri('http://example.org/', { hopsPath }))).to.equal(expected);
      });
    }
  });

  describe('ContentTypeMatchesRegexDecideRule and ContentTypeNotMatchesRegexDecideRule (the Content-Type)', () => {
    const table: [string, string, string, string][] = [
      ['text/html.*', 'text/html; charset=utf-8', 'ACCEPT', 'NONE'],
      ['text/html', 'text/html; charset=utf-8', 'NONE', 'ACCEPT'],
      ['(?i)application/pdf', 'Application/PDF', 'ACCEPT', 'NONE'],
      ['image/.*', 'text/css', 'NONE', 'ACCEPT'],
      ['.*', '', 'NONE', 'NONE'],
      ['text/.*', '', 'NONE', 'NONE'],
    ];
    for (const [regex, contentType, matches, notMatches] of table) {
      it(`${regex} on ${JSON.stringify(contentType)}: ${matches} / ${notMatches}`, () => {
        const curi = fetched('http://example.org/x', contentType);
        expect(new ContentTypeMatchesRegexDecideRule({ ...base, regex }).decisionFor(curi)).to.equal(matches);
        expect(new ContentTypeNotMatchesRegexDecideRule({ ...base, regex }).decisionFor(curi)).to.equal(notMatches);
      });
    }
  });

  describe('NotMatchesListRegexDecideRule', () => {
    const uri = new CrawlUri('http://example.org/cal/2024/list?sort=asc');
    const table: [string[], boolean, string][] = [
      [['.*\\.pdf', '.*\\.zip'], true, 'ACCEPT'],
      [['.*\\.pdf', '.*/cal/.*'], true, 'NONE'],
      [['.*/cal/.*', '.*\\.pdf'], false, 'ACCEPT'],
      [['.*/cal/.*', '.*sort=.*'], false, 'NONE'],
      [[], true, 'ACCEPT'],
    ];
    for (const [regexList, listLogicalOr, expected] of table) {
      it(`${expected} for ${JSON.stringify(regexList)} (${listLogicalOr ? 'OR' : 'AND'})`, () => {
        expect(new NotMatchesListRegexDecideRule({ ...base, regexList, listLogicalOr }).decisionFor(uri)).to.equal(expected);
      });
    }
  });

  describe('MatchesFilePatternDecideRule and NotMatchesFilePatternDecideRule (Heritrix\'s presets)', () => {
    const table: [FilePatternPreset, string, boolean][] = [
      ['ALL', 'http://example.org/a.JPG', true],
      ['ALL', 'http://example.org/doc.pdf', true],
      ['ALL', 'http://example.org/page.html', false],
      ['ALL', 'http://example.org/a.pdf?download=1', false],
      ['IMAGES', 'http://example.org/logo.svg', true],
      ['IMAGES', 'http://example.org/scan.tif', true],
      ['IMAGES', 'http://example.org/song.mp3', false],
      ['AUDIO', 'http://example.org/song.mp3', true],
      ['AUDIO', 'http://example.org/tune.MIDI', true],
      ['AUDIO', 'http://example.org/clip.mp4', true],
      ['VIDEO', 'http://example.org/clip.mp4', true],
      ['VIDEO', 'http://example.org/clip.webm', false],
      ['MISC', 'http://example.org/deck.ppt', true],
      ['MISC', 'http://example.org/sheet.xls', false],
      ['CUSTOM', 'http://example.org/data.zip', true],
      ['CUSTOM', 'http://example.org/data.pdf', false],
    ];
    for (const [usePreset, uri, matches] of table) {
      it(`${usePreset} ${matches ? 'matches' : 'does not match'} ${uri}`, () => {
        const config = { ...base, regex: '.*\\.zip', usePreset };
        const curi = new CrawlUri(uri, { hopsPath: 'E' });
        expect(new MatchesFilePatternDecideRule(config).decisionFor(curi)).to.equal(matches ? 'ACCEPT' : 'NONE');
        expect(new NotMatchesFilePatternDecideRule(config).decisionFor(curi)).to.equal(matches ? 'NONE' : 'ACCEPT');
      });
    }
  });
});
