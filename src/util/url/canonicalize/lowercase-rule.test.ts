import { expect } from 'chai';
import { LowercaseRule } from './lowercase-rule.js';

describe('LowercaseRule', () => {
  it('lower-cases the whole URL, path and query included', () => {
    expect(new LowercaseRule().canonicalize('http://WWW.aRchive.Org/Index.HTML?A=B')).to.equal(
      'http://www.archive.org/index.html?a=b',
    );
  });
  it('is enabled unless constructed with enabled: false', () => {
    expect(new LowercaseRule().enabled).to.equal(true);
    expect(new LowercaseRule({ enabled: false }).enabled).to.equal(false);
  });
});
