import { expect } from 'chai';
import { StripSessionIds } from './strip-session-ids.js';

const BASE = 'http://www.archive.org/index.html';
const ID32 = '0123456789abcdefghijklemopqrstuv';

describe('StripSessionIds', () => {
  const rule = new StripSessionIds();
  const table: [string, string, string][] = [
    ['a lone jsessionid, leaving the "?"', `${BASE}?jsessionid=${ID32}`, `${BASE}?`],
    ['nothing when the id is not 32 characters', `${BASE}?jsessionid=${ID32}0`, `${BASE}?jsessionid=${ID32}0`],
    ['a jsessionid and the "&" after it', `${BASE}?jsessionid=${ID32}&x=y`, `${BASE}?x=y`],
    ['a jsessionid between two pairs', `${BASE}?one=two&jsessionid=${ID32}&x=y`, `${BASE}?one=two&x=y`],
    ['a trailing jsessionid, leaving the "&" before it', `${BASE}?one=two&jsessionid=${ID32}`, `${BASE}?one=two&`],
    ['an ASPSESSIONID', `${BASE}?aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX&x=y`, `${BASE}?x=y`],
    ['a phpsessid', `${BASE}?phpsessid=${ID32}&x=y`, `${BASE}?x=y`],
    ['a phpsessid after a pair', `${BASE}?one=two&phpsessid=${ID32}&x=y`, `${BASE}?one=two&x=y`],
    ['a trailing phpsessid', `${BASE}?one=two&phpsessid=${ID32}`, `${BASE}?one=two&`],
    ['a sid', `${BASE}?sid=9682993c8daa2c5497996114facdc805&x=y`, `${BASE}?x=y`],
    ['a sid and a jsessionid', `${BASE}?sid=9682993c8daa2c5497996114facdc805&jsessionid=${ID32}`, `${BASE}?`],
    ['an upper-case JSESSIONID', `${BASE}?JSESSIONID=${ID32.toUpperCase()}`, `${BASE}?`],
    ['a ;jsessionid= path parameter', `http://example.org/a;jsessionid=${ID32}`, 'http://example.org/a;'],
  ];
  for (const [what, input, expected] of table) {
    it(`strips ${what}`, () => {
      expect(rule.canonicalize(input)).to.equal(expected);
    });
  }
});
