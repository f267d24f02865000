import { expect } from 'chai';
import { formatDuration } from './format-duration.js';

describe('formatDuration', () => {
  it('writes seconds, minutes and seconds, or hours and minutes, rounded: never 9m54s900ms', () => {
    expect(formatDuration(594_900)).to.equal('9 min 55 s');
    expect(formatDuration(400)).to.equal('0 s');
    expect(formatDuration(12_499)).to.equal('12 s');
    expect(formatDuration(59_600)).to.equal('1 min 00 s');
    expect(formatDuration(185_000)).to.equal('3 min 05 s');
    expect(formatDuration(3_600_000 + 2 * 60_000 + 29_000)).to.equal('1 h 02 min');
    expect(formatDuration(3_600_000 + 59 * 60_000 + 31_000)).to.equal('2 h 00 min');
  });

  it('rounds an estimate to the minute from 90 s up', () => {
    expect(formatDuration(80_000, 'minute')).to.equal('1 min 20 s');
    expect(formatDuration(120_000, 'minute')).to.equal('2 min');
    expect(formatDuration(9_000_000, 'minute')).to.equal('2 h 30 min');
  });
});
