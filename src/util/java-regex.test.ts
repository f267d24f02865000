import { expect } from 'chai';
import { fullMatchRegex } from './java-regex.js';

describe('fullMatchRegex', () => {
  const table: [string, string, boolean][] = [
    ['.*\\.pdf', 'http://example.org/a.pdf', true],
    ['.*\\.pdf', 'http://example.org/a.pdf?x', false],
    ['example', 'http://example.org/', false],
    ['a|http://.*', 'http://example.org/', true],
    ['.*(?i)\\.PDF', 'http://example.org/a.pdf', true],
    ['(?i).*/CALENDAR/.*', 'http://example.org/calendar/2024', true],
    ['.*/CALENDAR/.*', 'http://example.org/calendar/2024', false],
    ['(?is)a.b', 'A\nB', true],
    ['[(?i)]x', 'ix', true],
    ['[(?i)]x', 'Ix', false],
    ['\\(?i\\)x', 'i)x', true],
  ];
  for (const [source, input, expected] of table) {
    it(`${expected ? 'matches' : 'does not match'} ${JSON.stringify(input)} with ${source}`, () => {
      expect(fullMatchRegex(source).test(input)).to.equal(expected);
    });
  }

  it('throws on what JavaScript cannot compile', () => {
    expect(() => fullMatchRegex('(unclosed')).to.throw(SyntaxError);
    expect(() => fullMatchRegex('a*+')).to.throw(SyntaxError);
    expect(() => fullMatchRegex('(?x)a b')).to.throw(SyntaxError);
  });
});
