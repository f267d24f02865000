import { expect } from 'chai';
import { CronSyntaxError, nextRun, parseCron } from './cron-expression.js';

/** The next `count` times after `after` (an ISO instant), as ISO instants. */
function runs(cron: string, after: string, count = 4, zone = 'UTC'): string[] {
  const expr = parseCron(cron);
  const out: string[] = [];
  let t = new Date(after);
  for (let i = 0; i < count; i++) out.push((t = nextRun(expr, t, zone)).toISOString());
  return out;
}

/** The next `count` times, as the zone's clock reads them with its offset (`2024-03-31 03:00 +02:00`). */
function localRuns(cron: string, after: string, zone: string, count = 4): string[] {
  return runs(cron, after, count, zone).map((iso) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'longOffset' })
        .formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
    );
    const seconds = parts.second === '00' ? '' : `:${parts.second}`;
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}${seconds} ${parts.timeZoneName.replace('GMT', '') || '+00:00'}`;
  });
}

/** The error parseCron throws for `cron`: its offset and problem. */
function fault(cron: string): { offset: number; problem: string } {
  try {
    parseCron(cron);
  } catch (e) {
    if (e instanceof CronSyntaxError) return { offset: e.offset, problem: e.problem };
    throw e;
  }
  throw new Error(`"${cron}" parsed`);
}

describe('parseCron', () => {
  it('reads the five fields into the values each allows', () => {
    const e = parseCron('*/15 9-17 1,15 JAN-MAR mon-fri');
    expect(e.seconds).to.deep.equal([0]);
    expect(e.minutes).to.deep.equal([0, 15, 30, 45]);
    expect(e.hours).to.deep.equal([9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(e.daysOfMonth).to.deep.equal([1, 15]);
    expect(e.months).to.deep.equal([1, 2, 3]);
    expect(e.daysOfWeek).to.deep.equal([1, 2, 3, 4, 5]);
    expect(e.dayOfMonthRestricted).to.equal(true);
    expect(e.dayOfWeekRestricted).to.equal(true);
  });

  it('reads a sixth field first as seconds', () => {
    const e = parseCron('*/20 0 3 * * *');
    expect(e.seconds).to.deep.equal([0, 20, 40]);
    expect(e.minutes).to.deep.equal([0]);
    expect(e.hours).to.deep.equal([3]);
  });

  it('reads steps on ranges and from a single value, and ranges and lists together', () => {
    expect(parseCron('0-30/10 * * * *').minutes).to.deep.equal([0, 10, 20, 30]);
    expect(parseCron('5/20 * * * *').minutes).to.deep.equal([5, 25, 45]);
    expect(parseCron('1,5-7,59 * * * *').minutes).to.deep.equal([1, 5, 6, 7, 59]);
    expect(parseCron('0 */5 * * *').hours).to.deep.equal([0, 5, 10, 15, 20]);
    expect(parseCron('0 0 */10 * *').daysOfMonth).to.deep.equal([1, 11, 21, 31]);
    expect(parseCron('0 0 * */4 *').months).to.deep.equal([1, 5, 9]);
  });

  it('reads 0 and 7 as Sunday, and a range ending in Sunday as one ending in 7', () => {
    expect(parseCron('0 0 * * 7').daysOfWeek).to.deep.equal([0]);
    expect(parseCron('0 0 * * 0,7').daysOfWeek).to.deep.equal([0]);
    expect(parseCron('0 0 * * 5-7').daysOfWeek).to.deep.equal([0, 5, 6]);
    expect(parseCron('0 0 * * FRI-SUN').daysOfWeek).to.deep.equal([0, 5, 6]);
    expect(parseCron('0 0 * * 5-0').daysOfWeek).to.deep.equal([0, 5, 6]);
    expect(parseCron('0 0 * * *').daysOfWeek).to.deep.equal([0, 1, 2, 3, 4, 5, 6]);
  });

  it('reads names in any case', () => {
    expect(parseCron('0 0 * jan,Jun,DEC Sat').months).to.deep.equal([1, 6, 12]);
    expect(parseCron('0 0 * jan,Jun,DEC Sat').daysOfWeek).to.deep.equal([6]);
  });

  it('counts a day field starting with * as unrestricted, as Vixie cron does', () => {
    expect(parseCron('0 0 * * MON').dayOfMonthRestricted).to.equal(false);
    expect(parseCron('0 0 */2 * MON').dayOfMonthRestricted).to.equal(false);
    expect(parseCron('0 0 1 * *').dayOfWeekRestricted).to.equal(false);
  });

  it('expands the macros, keeping the text it was given', () => {
    const same = (macro: string, fields: string) => {
      const { source: _a, ...expanded } = parseCron(macro);
      const { source: _b, ...written } = parseCron(fields);
      expect(expanded, macro).to.deep.equal(written);
    };
    same('@yearly', '0 0 1 1 *');
    same('@annually', '0 0 1 1 *');
    same('@monthly', '0 0 1 * *');
    same('@weekly', '0 0 * * 0');
    same('@daily', '0 0 * * *');
    same('@midnight', '0 0 * * *');
    same('@hourly', '0 * * * *');
    same('  @DAILY ', '0 0 * * *');
    expect(parseCron('@daily').source).to.equal('@daily');
  });

  it('takes any blanks between fields, and around them', () => {
    expect(parseCron('\n  0\t3  *  * *\n').hours).to.deep.equal([3]);
  });
});

describe('parseCron errors', () => {
  it('says which value is out of which range, at its offset', () => {
    expect(fault('75 3 * * *')).to.deep.equal({ offset: 0, problem: 'minute 75 is out of range 0–59' });
    expect(fault('0 24 * * *')).to.deep.equal({ offset: 2, problem: 'hour 24 is out of range 0–23' });
    expect(fault('0 0 0 * *')).to.deep.equal({ offset: 4, problem: 'day of month 0 is out of range 1–31' });
    expect(fault('0 0 * 13 *')).to.deep.equal({ offset: 6, problem: 'month 13 is out of range 1–12' });
    expect(fault('0 0 * * 8')).to.deep.equal({ offset: 8, problem: 'day of week 8 is out of range 0–7' });
    expect(fault('60 0 0 * * *')).to.deep.equal({ offset: 0, problem: 'second 60 is out of range 0–59' });
    expect(fault('0 1,2,99 * * *')).to.deep.equal({ offset: 6, problem: 'hour 99 is out of range 0–23' });
    expect(fault('0 1-99 * * *')).to.deep.equal({ offset: 4, problem: 'hour 99 is out of range 0–23' });
  });

  it('refuses a wrong number of fields, at the end or at the first one too many', () => {
    expect(fault('0 3 * *')).to.deep.equal({ offset: 7, problem: 'has 4 fields: a cron expression has 5 (minute hour day-of-month month ' +
      'day-of-week), or 6 with seconds first' });
    expect(fault('0 0 3 * * * 2024').offset).to.equal(12);
    expect(fault('').problem).to.match(/^is empty/);
    expect(fault('   ').offset).to.equal(0);
  });

  it('refuses unknown names, words where numbers go, and Quartz\'s extensions', () => {
    expect(fault('0 0 * JUNE *')).to.deep.equal({ offset: 6, problem: 'month "JUNE" is not a month name: write 1–12 or JAN–DEC' });
    expect(fault('0 0 * * MON-THUR')).to.deep.equal({ offset: 12, problem: 'day of week "THUR" is not a day name: write 0–7 or SUN–SAT' });
    expect(fault('0 MON * * *')).to.deep.equal({ offset: 2, problem: 'hour "MON" is not a number' });
    expect(fault('0 0 L * *').problem).to.equal('day of month "L" is not a number (Quartz\'s ?, L, W and # are not cron syntax)');
    expect(fault('0 0 ? * MON').offset).to.equal(4);
    expect(fault('0 0 * * 5#3').offset).to.equal(8);
  });

  it('refuses bad steps, empty list items, missing range ends and backward ranges', () => {
    expect(fault('*/0 * * * *')).to.deep.equal({ offset: 2, problem: 'minute step 0: a step is 1 or more' });
    expect(fault('*/x * * * *')).to.deep.equal({ offset: 2, problem: 'minute step "x" is not a number' });
    expect(fault('1,,2 * * * *')).to.deep.equal({ offset: 2, problem: 'minute field "1,,2" has an empty list item' });
    expect(fault('0 5- * * *')).to.deep.equal({ offset: 4, problem: 'hour: a value is missing' });
    expect(fault('50-10 * * * *')).to.deep.equal({ offset: 0, problem: 'minute range 50-10 runs backwards (cron ranges do not wrap): write 50-59,0-10' });
    expect(fault('0 0 * NOV-FEB *').problem).to.equal('month range NOV-FEB runs backwards (cron ranges do not wrap): write NOV-DEC,JAN-FEB');
    expect(fault('0 0 * * FRI-MON').problem).to.equal('day of week range FRI-MON runs backwards (cron ranges do not wrap): write FRI-SAT,SUN-MON');
  });

  it('refuses a day of the month that the months allowed never have', () => {
    expect(fault('0 0 30 2 *')).to.deep.equal({ offset: 4, problem: 'day of month 30 never comes in February: the expression would never match' });
    expect(fault('0 0 31 4,6,9,11 *').problem).to.equal('day of month 31 never comes in April, June, September or November: the expression would never match');
    // February 29 comes, in leap years; and with a day of the week restricted too, any Monday will do.
    expect(() => parseCron('0 0 29 2 *')).to.not.throw();
    expect(() => parseCron('0 0 30 2 MON')).to.not.throw();
  });

  it('refuses unknown macros, @reboot, and fields after a macro', () => {
    expect(fault('@fortnightly').problem).to.match(/^unknown macro "@fortnightly": the macros are @yearly, @annually, @monthly/);
    expect(fault('@reboot').problem).to.match(/^@reboot is not a time/);
    expect(fault('@daily 3')).to.deep.equal({ offset: 7, problem: '@daily stands alone: a macro takes no fields after it' });
  });

  it('puts the offset in the message of the error', () => {
    expect(() => parseCron('0 75 * * *')).to.throw(CronSyntaxError, 'hour 75 is out of range 0–23 (at offset 2)');
  });
});

describe('nextRun', () => {
  it('gives the first time strictly after the one given, on a whole second', () => {
    expect(runs('0 3 * * *', '2024-05-01T03:00:00Z', 1)).to.deep.equal(['2024-05-02T03:00:00.000Z']);
    expect(runs('0 3 * * *', '2024-05-01T02:59:59.999Z', 1)).to.deep.equal(['2024-05-01T03:00:00.000Z']);
    expect(runs('* * * * *', '2024-05-01T10:00:30.250Z', 2)).to.deep.equal(['2024-05-01T10:01:00.000Z', '2024-05-01T10:02:00.000Z']);
  });

  it('goes across month and year ends', () => {
    expect(runs('0 0 31 * ' +
      '*', '2024-01-31T00:00:00Z')).to.deep.equal(['2024-03-31T00:00:00.000Z', '2024-05-31T00:00:00.000Z', '2024-07-31T00:00:00.000Z', '2024-08-31T00:00:00.000Z']);
    expect(runs('59 23 * * *', '2024-12-30T23:59:00Z', 2)).to.deep.equal(['2024-12-31T23:59:00.000Z', '2025-01-01T23:59:00.000Z']);
    expect(runs('@yearly', '2024-06-01T00:00:00Z', 2)).to.deep.equal(['2025-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);
    expect(runs('@monthly', '2024-11-15T00:00:00Z', 3)).to.deep.equal(['2024-12-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z']);
  });

  it('finds February 29 in leap years only, past 2100, which is not one', () => {
    expect(runs('0 12 29 2 *', '2023-01-01T00:00:00Z', 3)).to.deep.equal(['2024-02-29T12:00:00.000Z', '2028-02-29T12:00:00.000Z', '2032-02-29T12:00:00.000Z']);
    expect(runs('0 12 29 2 *', '2096-03-01T00:00:00Z', 1)).to.deep.equal(['2104-02-29T12:00:00.000Z']);
    expect(runs('0 0 28-31 2 ' +
      '*', '2024-02-27T00:00:00Z', 3)).to.deep.equal(['2024-02-28T00:00:00.000Z', '2024-02-29T00:00:00.000Z', '2025-02-28T00:00:00.000Z']);
  });

  it('matches a day by either day field when both are restricted, by both otherwise', () => {
    // 2024-01: Mondays are the 1st, 8th, 15th, 22nd, 29th; the 13th is a Saturday.
    expect(runs('0 0 13 * FRI', '2024-01-01T00:00:00Z', 5)).to.deep.equal([
      '2024-01-05T00:00:00.000Z', '2024-01-12T00:00:00.000Z', '2024-01-13T00:00:00.000Z', '2024-01-19T00:00:00.000Z', '2024-01-26T00:00:00.000Z',
    ]);
    expect(runs('0 0 * * FRI', '2024-01-01T00:00:00Z', 2)).to.deep.equal(['2024-01-05T00:00:00.000Z', '2024-01-12T00:00:00.000Z']);
    expect(runs('0 0 13 * *', '2024-01-01T00:00:00Z', 2)).to.deep.equal(['2024-01-13T00:00:00.000Z', '2024-02-13T00:00:00.000Z']);
    // `*/2` starts with *: AND, odd days that are Fridays (Vixie cron's reading).
    expect(runs('0 0 */2 * ' +
      'FRI', '2024-01-01T00:00:00Z', 3)).to.deep.equal(['2024-01-05T00:00:00.000Z', '2024-01-19T00:00:00.000Z', '2024-02-09T00:00:00.000Z']);
  });

  it('steps through hours, minutes and days of the week by name', () => {
    expect(runs('*/20 9-10 * * MON-FRI', '2024-01-05T10:30:00Z', 4)).to.deep.equal([
      '2024-01-05T10:40:00.000Z', '2024-01-08T09:00:00.000Z', '2024-01-08T09:20:00.000Z', '2024-01-08T09:40:00.000Z',
    ]);
    expect(runs('0 0 1 JAN,JUL *', '2024-02-01T00:00:00Z', 2)).to.deep.equal(['2024-07-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z']);
    expect(runs('@weekly', '2024-01-01T00:00:00Z', 2)).to.deep.equal(['2024-01-07T00:00:00.000Z', '2024-01-14T00:00:00.000Z']);
  });

  it('schedules seconds with a sixth field', () => {
    expect(runs('*/15 * * * * ' +
      '*', '2024-01-01T00:00:50Z', 3)).to.deep.equal(['2024-01-01T00:01:00.000Z', '2024-01-01T00:01:15.000Z', '2024-01-01T00:01:30.000Z']);
    expect(runs('30 59 23 31 12 *', '2024-06-01T00:00:00Z', 1)).to.deep.equal(['2024-12-31T23:59:30.000Z']);
  });

  it('reads the wall clock of the zone given', () => {
    expect(runs('0 9 * * *', '2024-01-15T00:00:00Z', 1, 'Europe/Berlin')).to.deep.equal(['2024-01-15T08:00:00.000Z']);
    expect(runs('0 9 * * *', '2024-07-15T00:00:00Z', 1, 'Europe/Berlin')).to.deep.equal(['2024-07-15T07:00:00.000Z']);
    expect(runs('0 9 * * *', '2024-01-15T00:00:00Z', 1, 'Asia/Kolkata')).to.deep.equal(['2024-01-15T03:30:00.000Z']);
    // The day is the zone's: 00:30 on Monday in Tokyo is Sunday 15:30 UTC.
    expect(runs('30 0 * * MON', '2024-01-01T00:00:00Z', 1, 'Asia/Tokyo')).to.deep.equal(['2024-01-07T15:30:00.000Z']);
  });

  it('runs a time that Europe/Berlin skips (spring forward) when the gap ends, once', () => {
    // 2024-03-31: 02:00 CET becomes 03:00 CEST.
    expect(localRuns('30 2 * * *', '2024-03-29T12:00:00Z', 'Europe/Berlin', 4)).to.deep.equal([
      '2024-03-30 02:30 +01:00', '2024-03-31 03:00 +02:00', '2024-04-01 02:30 +02:00', '2024-04-02 02:30 +02:00',
    ]);
    expect(localRuns('*/20 * * * *', '2024-03-31T00:30:00Z', 'Europe/Berlin', 4)).to.deep.equal([
      '2024-03-31 01:40 +01:00', '2024-03-31 03:00 +02:00', '2024-03-31 03:20 +02:00', '2024-03-31 03:40 +02:00',
    ]);
    expect(localRuns('15,45 2 * * *', '2024-03-31T00:00:00Z', 'Europe/Berlin', 2)).to.deep.equal(['2024-03-31 03:00 +02:00', '2024-04-01 02:15 +02:00']);
  });

  it('runs a time that Europe/Berlin reads twice (fall back) once, at the first reading', () => {
    // 2024-10-27: 03:00 CEST becomes 02:00 CET; 02:00–02:59 come twice.
    expect(localRuns('30 2 * * *', '2024-10-25T12:00:00Z', 'Europe/Berlin', 3)).to.deep.equal([
      '2024-10-26 02:30 +02:00', '2024-10-27 02:30 +02:00', '2024-10-28 02:30 +01:00',
    ]);
    expect(localRuns('0,30 * * * *', '2024-10-26T23:45:00Z', 'Europe/Berlin', 4)).to.deep.equal([
      '2024-10-27 02:00 +02:00', '2024-10-27 02:30 +02:00', '2024-10-27 03:00 +01:00', '2024-10-27 03:30 +01:00',
    ]);
    // Asked from inside the second reading (a run that ended then), no time of the repeated stretch comes again.
    expect(localRuns('45 2 * * *', '2024-10-27T01:10:00Z', 'Europe/Berlin', 2)).to.deep.equal(['2024-10-28 02:45 +01:00', '2024-10-29 02:45 +01:00']);
    expect(localRuns('* * * * * *', '2024-10-27T01:10:00Z', 'Europe/Berlin', 2)).to.deep.equal(['2024-10-27 03:00 +01:00', '2024-10-27 03:00:01 +01:00']);
  });

  it('does the same in America/New_York', () => {
    // 2024-03-10: 02:00 EST becomes 03:00 EDT.
    expect(localRuns('30 2 * * *', '2024-03-09T12:00:00Z', 'America/New_York', 3)).to.deep.equal([
      '2024-03-10 03:00 -04:00', '2024-03-11 02:30 -04:00', '2024-03-12 02:30 -04:00',
    ]);
    // 2024-11-03: 02:00 EDT becomes 01:00 EST; 01:00–01:59 come twice.
    expect(localRuns('30 1 * * *', '2024-11-02T12:00:00Z', 'America/New_York', 3)).to.deep.equal([
      '2024-11-03 01:30 -04:00', '2024-11-04 01:30 -05:00', '2024-11-05 01:30 -05:00',
    ]);
    expect(localRuns('0 * * * *', '2024-11-03T04:30:00Z', 'America/New_York', 4)).to.deep.equal([
      '2024-11-03 01:00 -04:00', '2024-11-03 02:00 -05:00', '2024-11-03 03:00 -05:00', '2024-11-03 04:00 -05:00',
    ]);
  });

  it('handles a half-hour clock change (Australia/Lord_Howe)', () => {
    // 2024-10-06: 02:00 +10:30 becomes 02:30 +11:00.
    expect(localRuns('15 2 * * *', '2024-10-04T12:00:00Z', 'Australia/Lord_Howe', 3)).to.deep.equal([
      '2024-10-05 02:15 +10:30', '2024-10-06 02:30 +11:00', '2024-10-07 02:15 +11:00',
    ]);
  });

  it('runs the times of a day a zone skipped when it ends (Pacific/Apia, 2011-12-30)', () => {
    expect(localRuns('0 10 * * *', '2011-12-28T21:00:00Z', 'Pacific/Apia', 3)).to.deep.equal([
      '2011-12-29 10:00 -10:00', '2011-12-31 00:00 +14:00', '2011-12-31 10:00 +14:00',
    ]);
  });

  it('refuses an unknown time zone and an invalid date', () => {
    const e = parseCron('0 3 * * *');
    expect(() => nextRun(e, new Date(), 'Mars/Olympus_Mons')).to.throw(RangeError, 'time zone "Mars/Olympus_Mons" is not an IANA time zone name');
    expect(() => nextRun(e, new Date(Number.NaN), 'UTC')).to.throw(RangeError, 'not a valid date');
  });

  it('skips by fields: two hundred runs years apart take milliseconds', () => {
    const e = parseCron('0 0 */31 1 MON'); // 1 January on a Monday: 5 to 11 years apart.
    let t = new Date('2000-01-01T00:00:00Z');
    const started = performance.now();
    for (let i = 0; i < 200; i++) t = nextRun(e, t, 'Europe/Berlin');
    expect(performance.now() - started).to.be.below(2000);
    expect(t.getUTCFullYear()).to.be.above(3000);
    expect(new Date(t.getTime() + 3_600_000).getUTCDay()).to.equal(1);
  });
});
