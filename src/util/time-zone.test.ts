import { expect } from 'chai';
import { assertTimeZone, gapEnd, overlapEnd, timeZoneHints, timeZoneProblem, wallTimeAt, wallTimeInstants } from './time-zone.js';

const wall = (year: number, month: number, day: number, hour: number, minute: number) => ({ year, month, day, hour, minute, second: 0 });

describe('time zones', () => {
  it('accepts IANA names, in any case, and UTC', () => {
    for (const zone of ['UTC', 'Etc/UTC', 'GMT', 'Europe/Berlin', 'america/new_york', 'Asia/Kolkata', 'Etc/GMT-1', 'Australia/Lord_Howe']) {
      expect(timeZoneProblem(zone), zone).to.equal(undefined);
    }
  });

  it('refuses unknown names, blanks and UTC offsets, saying why', () => {
    expect(timeZoneProblem('Europe/Berln')).to.equal('"Europe/Berln" is not an IANA time zone name (such as UTC, Europe/Berlin or America/New_York)');
    expect(timeZoneProblem('local')).to.match(/is not an IANA time zone name/);
    expect(timeZoneProblem('')).to.match(/^is empty/);
    expect(timeZoneProblem('+01:00')).to.match(/^"\+01:00" is a UTC offset, not a time zone name: .*Etc\/GMT-1/);
    expect(timeZoneProblem('-5')).to.match(/is a UTC offset/);
    expect(() => assertTimeZone('Nowhere/Else')).to.throw(RangeError, 'time zone "Nowhere/Else" is not an IANA time zone name');
  });

  it('suggests near names, and the zone of a city named alone', () => {
    expect(timeZoneHints('Europe/Berln')).to.deep.equal(['did you mean "Europe/Berlin"?']);
    expect(timeZoneHints('Berlin')).to.deep.equal(['did you mean "Europe/Berlin"?']);
    expect(timeZoneHints('new york')).to.deep.equal(['did you mean "America/New_York"?']);
    expect(timeZoneHints('qqqqqqqqqqqqqqqqqq')).to.deep.equal([]);
  });

  it('reads the wall clock of a zone at an instant', () => {
    expect(wallTimeAt(Date.UTC(2024, 0, 1, 23, 30, 15), 'Europe/Berlin')).to.deep.equal({ year: 2024, month: 1, day: 2, hour: 0, minute: 30, second: 15 });
    expect(wallTimeAt(Date.UTC(2024, 0, 1, 0, 0, 0), 'America/New_York')).to.deep.equal({ year: 2023, month: 12, day: 31, hour: 19, minute: 0, second: 0 });
  });

  it('finds one instant for a wall time, none in a gap, two in an overlap', () => {
    expect(wallTimeInstants(wall(2024, 7, 1, 12, 0), 'Europe/Berlin')).to.deep.equal([Date.UTC(2024, 6, 1, 10, 0)]);
    expect(wallTimeInstants(wall(2024, 3, 31, 2, 30), 'Europe/Berlin')).to.deep.equal([]);
    expect(wallTimeInstants(wall(2024, 10, 27, 2, 30), 'Europe/Berlin')).to.deep.equal([Date.UTC(2024, 9, 27, 0, 30), Date.UTC(2024, 9, 27, 1, 30)]);
    expect(wallTimeInstants(wall(2024, 11, 3, 1, 15), 'America/New_York')).to.deep.equal([Date.UTC(2024, 10, 3, 5, 15), Date.UTC(2024, 10, 3, 6, 15)]);
  });

  it('finds the end of a gap: the instant the clocks sprang forward', () => {
    expect(gapEnd(wall(2024, 3, 31, 2, 30), 'Europe/Berlin')).to.equal(Date.UTC(2024, 2, 31, 1, 0));
    expect(gapEnd(wall(2024, 3, 10, 2, 0), 'America/New_York')).to.equal(Date.UTC(2024, 2, 10, 7, 0));
    expect(gapEnd(wall(2024, 10, 6, 2, 10), 'Australia/Lord_Howe')).to.equal(Date.UTC(2024, 9, 5, 15, 30));
  });

  it('finds the end of an overlap: the wall time the clocks fell back from', () => {
    expect(overlapEnd(wall(2024, 10, 27, 2, 30), 'Europe/Berlin')).to.equal(Date.UTC(2024, 9, 27, 3, 0));
    expect(overlapEnd(wall(2024, 11, 3, 1, 0), 'America/New_York')).to.equal(Date.UTC(2024, 10, 3, 2, 0));
  });
});
