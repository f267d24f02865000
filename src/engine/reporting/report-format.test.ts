import { expect } from 'chai';
import { byCountDescending, doubleToString, formatBytesForDisplay, formatMillisecondsToConventional, timestamp12 } from './report-format.js';

describe('report formats (Heritrix\'s ArchiveUtils)', () => {
  it('doubleToString: US grouping, at most the given decimals, none forced', () => {
    expect(doubleToString(0.36, 2)).to.equal('0.36');
    expect(doubleToString(3, 2)).to.equal('3');
    expect(doubleToString(2064.375, 2)).to.equal('2,064.38');
    expect(doubleToString(1.25, 1, 1)).to.equal('1.3');
  });

  it('doubleToString writes what Intl.NumberFormat(\'en-US\') writes, without it', () => {
    const values = [0, -0, 0.5, 1.005, 2.675, 999.995, 9999.5, -1234.5, 0.004, -0.001, 5e-7, 1e21, 123456789012.345, 0.1 + 0.2, NaN, Infinity, -Infinity];
    // A fixed pseudo-random walk over magnitudes and fractions.
    let x = 7;
    for (let i = 0; i < 2000; i++) {
      x = (x * 48271) % 2147483647;
      values.push(((x % 2000001) - 600000) * 10 ** ((x % 13) - 6), (x % 1000003) / 1000);
    }
    for (const v of values) {
      for (const [max, min] of [[0, 0], [1, 0], [2, 0], [1, 1], [2, 2], [3, 1]]) {
        const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: max, minimumFractionDigits: min }).format(v);
        expect(doubleToString(v, max, min), `${v} (${max}, ${min})`).to.equal(intl);
      }
    }
  });

  it('formatBytesForDisplay: the largest unit reaching 1, two significant digits at least', () => {
    expect(formatBytesForDisplay(0)).to.equal('0 B');
    expect(formatBytesForDisplay(-5)).to.equal('0 B');
    expect(formatBytesForDisplay(59)).to.equal('59 B');
    expect(formatBytesForDisplay(7405)).to.equal('7.2 KiB');
    expect(formatBytesForDisplay(153399)).to.equal('150 KiB');
    expect(formatBytesForDisplay(5 * 1024 ** 3)).to.equal('5.0 GiB');
  });

  it('formatMillisecondsToConventional: days to milliseconds, zero units left out', () => {
    expect(formatMillisecondsToConventional(0)).to.equal('0ms');
    expect(formatMillisecondsToConventional(41968)).to.equal('41s968ms');
    expect(formatMillisecondsToConventional(86_400_000 + 3_600_000 * 12 + 60_000 * 13 + 12_113)).to.equal('1d12h13m12s113ms');
    expect(formatMillisecondsToConventional(60_000 * 19 + 3_600_000 * 19)).to.equal('19h19m');
  });

  it('timestamp12 in UTC', () => {
    const t = Date.UTC(2010, 0, 14, 22, 16, 5, 900);
    expect(timestamp12(t)).to.equal('201001142216');
  });

  it('byCountDescending: most first, ties by key', () => {
    expect(byCountDescending([['b', 1], ['c', 5], ['a', 1]], (n) => n)).to.deep.equal([['c', 5], ['a', 1], ['b', 1]]);
  });
});
