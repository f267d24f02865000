import { expect } from 'chai';
import { FixupQueryString } from './fixup-query-string.js';

const URL_ = 'http://WWW.aRchive.Org/index.html';

describe('FixupQueryString', () => {
  const rule = new FixupQueryString();
  const table: [string, string, string][] = [
    ['leaves a URL without query alone', URL_, URL_],
    ['strips a trailing "?"', `${URL_}?`, URL_],
    ['strips a trailing "?&"', `${URL_}?&`, URL_],
    ['strips the "&" right after "?"', `${URL_}?&x=y`, `${URL_}?x=y`],
    ['leaves a tidy query alone', `${URL_}?x=y`, `${URL_}?x=y`],
    ['strips a trailing "&"', `${URL_}?x=y&`, `${URL_}?x=y`],
    ['strips only one trailing "&"', `${URL_}?x=y&&`, `${URL_}?x=y&`],
    ['works on the last "?"', `${URL_}?a=?&b`, `${URL_}?a=?b`],
    ['ignores a "?" in first position', '?', '?'],
  ];
  for (const [what, input, expected] of table) {
    it(what, () => {
      expect(rule.canonicalize(input)).to.equal(expected);
    });
  }
});
