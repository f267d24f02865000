import { expect } from 'chai';
import { expandJavaReplacement } from './java-replacement.js';

const expand = (re: RegExp, input: string, format: string) => expandJavaReplacement(format, re.exec(input)!);

describe('expandJavaReplacement', () => {
  it('puts groups in with $n and ${name}, unmatched ones as empty', () => {
    expect(expand(/^(a)(b)?(?<c>c)$/, 'ac', '$1-$2-${c}-$0')).to.equal('a--c-ac');
  });

  it('takes a second digit only while such a group exists, as Java does', () => {
    expect(expand(/^(x)$/, 'x', '$10')).to.equal('x0');
    expect(expand(/^(1)(2)(3)(4)(5)(6)(7)(8)(9)(10)$/, '12345678910', '$10')).to.equal('10');
  });

  it('reads \\x as x, so a literal $ is written \\$', () => {
    expect(expand(/^(a)$/, 'a', '\\$1=$1\\\\')).to.equal('$1=a\\');
  });

  it('throws on a group that does not exist, or a trailing escape', () => {
    expect(() => expand(/^(a)$/, 'a', '$2')).to.throw(/no group/);
    expect(() => expand(/^(a)$/, 'a', '${x}')).to.throw(/no group/);
    expect(() => expand(/^(a)$/, 'a', 'x\\')).to.throw(/escape/);
  });
});
