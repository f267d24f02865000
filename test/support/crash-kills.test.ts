import { expect } from 'chai';
import { crashKills } from './crash-kills.js';

describe('crashKills', () => {
  it('is the full count unless BEANCRAWL_CRASH_KILLS sets another', () => {
    expect(crashKills(22, {})).to.equal(22);
    expect(crashKills(22, { BEANCRAWL_CRASH_KILLS: '' })).to.equal(22);
    expect(crashKills(22, { BEANCRAWL_CRASH_KILLS: '4' })).to.equal(4);
  });

  it('refuses a count that is not a whole number of 1 or more', () => {
    for (const text of ['0', '-1', '2.5', 'four']) {
      expect(() => crashKills(22, { BEANCRAWL_CRASH_KILLS: text })).to.throw(`BEANCRAWL_CRASH_KILLS must be a whole number, 1 or more, not "${text}"`);
    }
  });
});
