import { expect } from 'chai';
import { timestamp17 } from './timestamp17.js';

/** The regex form the WARC file names used before there was one timestamp17: the reference. */
function byRegex(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T.Z]/g, '');
}

describe('timestamp17', () => {
  it('writes yyyyMMddHHmmssSSS in UTC, milliseconds padded to three digits', () => {
    expect(timestamp17(Date.UTC(2024, 0, 2, 3, 4, 5, 678))).to.equal('20240102030405678');
    expect(timestamp17(Date.UTC(2024, 11, 31, 23, 59, 59, 7))).to.equal('20241231235959007');
    expect(timestamp17(Date.UTC(2010, 0, 14, 22, 16, 5, 40))).to.equal('20100114221605040');
    expect(timestamp17(0)).to.equal('19700101000000000');
  });

  it('agrees with the regex form over every millisecond width, month and day', () => {
    const times = [0, 946_684_799_999, 951_782_400_000, 4_102_444_799_999];
    for (let day = 0; day < 366; day++) for (const ms of [0, 1, 9, 10, 99, 100, 999]) times.push(Date.UTC(2024, 0, 1 + day, day % 24, day % 60, (day * 7) % 60, ms));
    for (const t of times) expect(timestamp17(t), String(t)).to.equal(byRegex(t));
  });

  it('does not depend on the local time zone', () => {
    const zone = process.env.TZ;
    const cases: Array<[string, number, string]> = [
      ['Pacific/Kiritimati', Date.UTC(2024, 1, 29, 23, 30, 0, 5), '20240229233000005'],
      ['Asia/Kathmandu', Date.UTC(2024, 1, 29, 23, 30, 0, 50), '20240229233000050'],
      ['America/St_Johns', Date.UTC(2024, 2, 1, 0, 30, 0, 500), '20240301003000500'],
    ];
    try {
      for (const [tz, t, stamp] of cases) {
        process.env.TZ = tz;
        expect(new Date(t).getDate(), `the local day in ${tz} differs from the UTC day`).to.not.equal(new Date(t).getUTCDate());
        expect(timestamp17(t), tz).to.equal(stamp).and.to.equal(byRegex(t));
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
