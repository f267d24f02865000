import { expect } from 'chai';
import { counted } from './counted.js';

describe('counted', () => {
  it('puts the noun in the plural unless the count is one', () => {
    expect(counted(1, 'host')).to.equal('1 host');
    expect(counted(0, 'host')).to.equal('0 hosts');
    expect(counted(2, 'error')).to.equal('2 errors');
    expect(counted(3, 'query', 'queries')).to.equal('3 queries');
  });
});
