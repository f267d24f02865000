import { expect } from 'chai';
import { mimeTypeOf } from './mime-type-of.js';

describe('mimeTypeOf', () => {
  it('drops parameters, blanks and case', () => {
    expect(mimeTypeOf('Text/HTML; charset=utf-8')).to.equal('text/html');
    expect(mimeTypeOf(' application/xhtml+xml ;q=1')).to.equal('application/xhtml+xml');
    expect(mimeTypeOf('text/css')).to.equal('text/css');
  });

  it('is empty for a value without a type', () => {
    expect(mimeTypeOf('')).to.equal('');
    expect(mimeTypeOf('; charset=utf-8')).to.equal('');
  });
});
