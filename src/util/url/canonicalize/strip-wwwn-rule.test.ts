import { expect } from 'chai';
import { StripWwwnRule } from './strip-wwwn-rule.js';

describe('StripWwwnRule', () => {
  const rule = new StripWwwnRule();
  const table: [string, string][] = [
    ['http://WWW.aRchive.Org/index.html', 'http://aRchive.Org/index.html'],
    ['http://www001.aRchive.Org/index.html', 'http://aRchive.Org/index.html'],
    ['http://www3.aRchive.Org/index.html', 'http://aRchive.Org/index.html'],
    ['https://www.example.org/a?b', 'https://example.org/a?b'],
    ['http://www.example.org/', 'http://www.example.org/'],
    ['http://www.example.org', 'http://www.example.org'],
    ['http://wwwx.example.org/a', 'http://wwwx.example.org/a'],
    ['http://example.org/www.html', 'http://example.org/www.html'],
    ['ftp://www.example.org/a', 'ftp://www.example.org/a'],
  ];
  for (const [input, expected] of table) {
    it(`turns ${input} into ${expected}`, () => {
      expect(rule.canonicalize(input)).to.equal(expected);
    });
  }
});
