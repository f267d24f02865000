import { expect } from 'chai';
import { log14Date } from './log14-date.js';

describe('log14Date', () => {
  it('writes ISO 8601 in UTC to the second, the milliseconds dropped', () => {
    expect(log14Date(Date.UTC(2010, 0, 14, 22, 16, 5, 900))).to.equal('2010-01-14T22:16:05Z');
    expect(log14Date(Date.UTC(2011, 5, 23, 17, 12, 8))).to.equal('2011-06-23T17:12:08Z');
  });
});
