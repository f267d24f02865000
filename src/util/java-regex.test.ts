import { expect } from 'chai';
import { findRegex, fullMatchRegex, JavaRegexError } from './java-regex.js';

/** [Java pattern, input, Java's Matcher.matches() answer, from Pattern's definition of the construct]. */
type Case = [string, string, boolean];

function table(title: string, cases: Case[]): void {
  describe(title, () => {
    for (const [source, input, expected] of cases) {
      it(`${JSON.stringify(source)} ${expected ? 'matches' : 'does not match'} ${JSON.stringify(input)}`, () => {
        expect(fullMatchRegex(source).test(input)).to.equal(expected);
      });
    }
  });
}

function refused(source: string, construct: string, offset: number): void {
  let error: unknown;
  try {
    fullMatchRegex(source);
  } catch (e) {
    error = e;
  }
  expect(error, `${source} should be refused`).to.be.instanceOf(JavaRegexError);
  const e = error as JavaRegexError;
  expect(e.construct).to.contain(construct);
  expect(e.offset).to.equal(offset);
  expect(e.message).to.match(new RegExp(`^regex: .* at offset ${offset} `));
}

describe('fullMatchRegex (Java regular expressions)', () => {
  table('whole-string matching and inline flags', [
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
    // (?i) applies from where it stands to the end of its group, not before
    ['A(?i)b', 'aB', false],
    ['A(?i)b', 'AB', true],
    ['(?:(?i)a)a', 'AA', false],
    ['(?:(?i)a)a', 'Aa', true],
    ['(?i:a)a', 'Aa', true],
    ['(?i:a)a', 'AA', false],
    ['(?i)a(?-i)a', 'Aa', true],
    ['(?i)a(?-i)a', 'AA', false],
    ['(?i)a|b', 'B', true],
    // CASE_INSENSITIVE without UNICODE_CASE: US-ASCII letters only
    ['(?i)é', 'É', false],
    ['(?i)[a-c]x', 'Bx', true],
    ['(?i)[^a]', 'A', false],
    ['(?i)[X-b]', '_', true],
    ['(?i)[X-b]', 'x', true],
    ['(?i)[X-b]', 'B', true],
    ['(?i)[X-b]', 'c', false],
  ]);

  table('dot and line terminators', [
    ['a.b', 'a\u0085b', false],
    ['a.b', 'a\u2028b', false],
    ['a.b', 'a\rb', false],
    ['a.b', 'a\tb', true],
    ['(?s)a.b', 'a\u0085b', true],
  ]);

  table('\\Q…\\E quotes', [
    ['\\Q.*\\E', '.*', true],
    ['\\Q.*\\E', 'ab', false],
    ['\\Qa+b', 'a+b', true],
    ['x\\Q(\\Ey', 'x(y', true],
    ['[\\Q]-\\E]+', ']-]', true],
    ['(?i)\\Qab\\E', 'AB', true],
  ]);

  table('\\A, \\z, \\Z, ^ and $', [
    ['\\Aab\\z', 'ab', true],
    ['ab\\Z\\n', 'ab\n', true],
    ['ab\\Z\\r\\n', 'ab\r\n', true],
    ['ab\\Z\\u0085', 'ab\u0085', true],
    ['ab\\z\\n', 'ab\n', false],
    ['a\\Zb', 'ab', false],
    ['ab$\\n', 'ab\n', true],
    ['ab$\\n\\n', 'ab\n\n', false],
    ['ab\\r$\\n', 'ab\r\n', false],
    ['(?m)a$\\nb', 'a\nb', true],
    ['(?m)a\\n^b', 'a\nb', true],
    ['a\\n^b', 'a\nb', false],
    ['(?m)a\\r^\\nb', 'a\r\nb', false],
  ]);

  table('possessive quantifiers (atomic: never give back)', [
    ['a*+a', 'aaa', false],
    ['a*a', 'aaa', true],
    ['a*+b', 'aaab', true],
    ['a++', 'aaa', true],
    ['a++a', 'aa', false],
    ['a?+a', 'a', false],
    ['a?+b', 'ab', true],
    ['a{1,3}+a', 'aaa', false],
    ['a{1,3}+a', 'aaaa', true],
    ['(?:ab)*+c', 'ababc', true],
    ['[^/]*+/x', 'abc/x', true],
    ['.*+x', 'abx', false],
    ['(?>a*)a', 'aa', false],
    ['(?>a|ab)c', 'abc', false],
    ['(a*+)b', 'aab', true],
  ]);

  table('predefined and POSIX classes (US-ASCII, as Java without UNICODE_CHARACTER_CLASS)', [
    ['\\s', '\u00a0', false],
    ['\\s', '\u000b', true],
    ['\\s', '\ufeff', false],
    ['\\S', '\u2003', true],
    ['\\w', 'é', false],
    ['\\d', '\u0663', false],
    ['\\h', '\u00a0', true],
    ['\\h', '\n', false],
    ['\\v', '\u2028', true],
    ['\\v', ' ', false],
    ['\\p{Lower}', 'a', true],
    ['\\p{Lower}', 'é', false],
    ['\\p{Upper}', 'Z', true],
    ['\\p{Alpha}+', 'abcXYZ', true],
    ['\\p{Alpha}', 'ß', false],
    ['\\p{Alnum}', '7', true],
    ['\\p{Punct}+', '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~', true],
    ['\\p{Punct}', '\u00a1', false],
    ['\\p{Punct}', 'a', false],
    ['\\p{Graph}', ' ', false],
    ['\\p{Print}', ' ', true],
    ['\\p{Blank}', '\t', true],
    ['\\p{Cntrl}', '\u007f', true],
    ['\\p{XDigit}+', '09afAF', true],
    ['\\p{XDigit}', 'g', false],
    ['\\p{Space}', '\u000b', true],
    ['\\p{ASCII}', '\u0080', false],
    ['\\P{Lower}', 'A', true],
    ['[\\p{Lower}\\d]+', 'ab12', true],
    ['\\p{javaLowerCase}', 'é', true],
    ['\\p{javaLowerCase}', 'É', false],
    ['\\p{javaUpperCase}', 'É', true],
    ['\\p{javaWhitespace}', '\u001c', true],
    ['\\p{javaWhitespace}', '\u00a0', false],
    ['\\p{javaWhitespace}', '\u2007', false],
    ['\\p{javaWhitespace}', '\u2003', true],
    ['\\p{javaWhitespace}', '\u0085', false],
    ['\\p{javaDigit}', '\u0663', true],
    ['\\p{javaLetter}', 'ж', true],
    ['\\p{L}', 'ж', true],
    ['\\pL', 'ж', true],
    ['\\p{IsL}', 'ж', true],
    ['\\p{Lu}', 'ж', false],
    ['\\p{IsLatin}', 'é', true],
    ['\\p{IsLatin}', 'ж', false],
    ['\\p{script=Cyrillic}', 'ж', true],
    ['\\p{IsAlphabetic}', 'ж', true],
    ['\\p{IsPunctuation}', '¿', true],
    ['(?i)\\p{Alpha}', 'A', true],
  ]);

  table('class intersections', [
    ['[a-z&&[^aeiou]]+', 'bcd', true],
    ['[a-z&&[^aeiou]]', 'e', false],
    ['[a-z&&[def]]', 'e', true],
    ['[a-z&&[def]]', 'a', false],
    ['[a-z&&def]', 'f', true],
    ['[\\w&&[^\\d]]+', 'ab_', true],
    ['[\\w&&[^\\d]]', '5', false],
    ['[a-z&&[b-y]&&[c-x]]', 'b', false],
  ]);

  table('(?x) comments mode', [
    ['(?x) a b c', 'abc', true],
    ['(?x) a b c', 'a b c', false],
    ['(?x) a # a comment\n b', 'ab', true],
    ['(?x) a\\ b', 'a b', true],
    ['(?x) [a b]+', 'ab', true],
    ['(?x) [a b]', ' ', false],
    ['(?x) a + b', 'aaab', true],
    ['(?x: a b ) c', 'ab c', true],
    ['(?x: a b ) c', 'abc', false],
    ['(?x: a b )\\x20c', 'ab c', true],
  ]);

  table('escapes Java knows', [
    ['\\t\\x41\\u0042\\0103\\x{44}\\cA', '\tABCD\u0001', true],
    ['\\e\\a', '\u001b\u0007', true],
    ['\\-\\#\\"', '-#"', true],
    ['a{2}', 'aa', true],
    ['a{2,}', 'aaa', true],
    ['a]}', 'a]}', true],
    ['[]a]+', ']a', true],
    ['[^]a]', 'b', true],
    ['[a-]+', 'a-', true],
    ['(?<year>\\d{4})-\\d{2}', '2024-01', true],
    ['\\bab\\b', 'ab', true],
    ['\\uD83D\\uDE00', '😀', true],
  ]);

  describe('refused, with the construct and its offset', () => {
    it('refuses what cannot be translated exactly', () => {
      refused('abc\\G', '\\G', 3);
      refused('a\\Rb', '\\R', 1);
      refused('\\X', '\\X', 0);
      refused('(a)\\1', 'backreference', 3);
      refused('(?<n>a)\\k<n>', 'backreference', 7);
      refused('\\p{InGreek}', '\\p{InGreek}', 0);
      refused('(?i)\\p{Lower}', 'under (?i)', 4);
      refused('x(?u)a', 'flag "u"', 1);
      refused('(?U)\\w', 'flag "U"', 0);
      refused('(?d).', 'flag "d"', 0);
      refused('[^a[b]]', 'nested class', 0);
      refused('[^a-z&&b]', '&&', 0);
      refused('a*+(b)', 'possessive quantifier "*+"', 1);
      refused('(a)*+', 'possessive quantifier "*+"', 3);
      refused('(?>a)(b)', 'atomic group', 0);
    });

    it('refuses what Java refuses', () => {
      refused('(unclosed', '"("', 0);
      refused('a)', '")"', 1);
      refused('L**', '"*"', 2);
      refused('*.zip', '"*"', 0);
      refused('[text', '"["', 0);
      refused('a{', '"{"', 1);
      refused('\\y', '"\\y"', 0);
      refused('[z-a]', '"-"', 2);
      refused('(?#c)', '"(?#"', 0);
    });

    it('says it in one line', () => {
      expect(() => fullMatchRegex('ab(c)*+')).to.throw(SyntaxError, 'regex: possessive quantifier "*+" at offset 5 cannot be translated exactly');
    });
  });

  it('findRegex finds the first match anywhere, with Java\'s groups', () => {
    const m = findRegex('(\\d+)-(?i:x)').exec('ab12-Xc');
    expect(m?.[0]).to.equal('12-X');
    expect(m?.[1]).to.equal('12');
  });
});
