import { expect } from 'chai';
import { StripUserinfoRule } from './strip-userinfo-rule.js';

describe('StripUserinfoRule', () => {
  const rule = new StripUserinfoRule();
  const table: [string, string][] = [
    ['http://WWW.aRchive.Org/index.html', 'http://WWW.aRchive.Org/index.html'],
    ['http://stack:password@WWW.aRchive.Org/index.html', 'http://WWW.aRchive.Org/index.html'],
    ['http://stack:pass@@@@@@word@WWW.aRchive.Org/index.html', 'http://WWW.aRchive.Org/index.html'],
    ['ftp://stack:pass@@@@@@word@archive.org/index.html', 'ftp://archive.org/index.html'],
    ['https://user@example.org/', 'https://example.org/'],
    ['http://www.example.com/foo@bar', 'http://www.example.com/foo@bar'],
    ['file://user@host/x', 'file://user@host/x'],
  ];
  for (const [input, expected] of table) {
    it(`turns ${input} into ${expected}`, () => {
      expect(rule.canonicalize(input)).to.equal(expected);
    });
  }
});
