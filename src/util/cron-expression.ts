import { assertTimeZone, gapEnd, overlapEnd, utcWall, wallEpoch, wallTimeAt, wallTimeInstants, type WallTime } from './time-zone.js';

/**
 * Cron expressions, as Vixie cron and cronie read them, and the times they name in a time zone.
 *
 * Syntax: five fields, `minute hour day-of-month month day-of-week`, or six with a `second`
 * field first. A field is `*` or a comma-separated list of values (`5`), ranges (`1-5`) and
 * steps (`*\/15`, `0-30/10`, and `5/15`, which is `5-59/15`). Months and days of the week may
 * be written by name, in any case (`JAN`–`DEC`, `SUN`–`SAT`); a day of the week is 0–7, 0 and 7
 * both Sunday, and a range ending in Sunday (`FRI-SUN`, `5-0`) reads it as 7. Ranges do not
 * otherwise wrap. The macros `@yearly` (`@annually`), `@monthly`, `@weekly`, `@daily`
 * (`@midnight`) and `@hourly` stand alone.
 *
 * Days, Vixie's rule: when both day fields are restricted, a day matches if either does (`0 0
 * 1,15 * MON` is the 1st, the 15th and every Monday); otherwise it must match both. A field
 * counts as unrestricted when it starts with `*`, so `*\/2` in one of them makes the rule an AND,
 * as in Vixie cron and cronie.
 *
 * Refused, each with the offset of the character at fault: a wrong number of fields, a value
 * out of its field's range, an unknown name, a step of 0, a range running backwards, Quartz's
 * `?`, `L`, `W` and `#`, and an expression that can never match (`0 0 30 2 *`).
 */

/** A cron expression parsed: the values each field allows, ascending. */
export interface CronExpression {
  /** The text it was parsed from. */
  readonly source: string;
  /** [0] in the five-field form. */
  readonly seconds: readonly number[];
  readonly minutes: readonly number[];
  readonly hours: readonly number[];
  readonly daysOfMonth: readonly number[];
  readonly months: readonly number[];
  /** 0 (Sunday) to 6 (Saturday); a 7 written is here as 0. */
  readonly daysOfWeek: readonly number[];
  /** The day-of-month field does not start with `*`: with `dayOfWeekRestricted`, a day matches if either field does. */
  readonly dayOfMonthRestricted: boolean;
  readonly dayOfWeekRestricted: boolean;
}

/** A cron expression that cannot be read: `offset` is that of the character at fault in the text given. */
export class CronSyntaxError extends SyntaxError {
  constructor(readonly offset: number, readonly problem: string) {
    super(`${problem} (at offset ${offset})`);
  }
}

interface FieldSpec {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  /** Names of the values from `min` on (months from JAN = 1, days from SUN = 0). */
  readonly names?: readonly string[];
  /** What one of `names` is called in messages. */
  readonly nameOfOne?: string;
}

const SECOND: FieldSpec = { name: 'second', min: 0, max: 59 };
const MINUTE: FieldSpec = { name: 'minute', min: 0, max: 59 };
const HOUR: FieldSpec = { name: 'hour', min: 0, max: 23 };
const DAY_OF_MONTH: FieldSpec = { name: 'day of month', min: 1, max: 31 };
const MONTH: FieldSpec = { name: 'month', min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'], nameOfOne: 'month name' };
const DAY_OF_WEEK: FieldSpec = { name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'], nameOfOne: 'day name' };
const FIVE_FIELDS = [MINUTE, HOUR, DAY_OF_MONTH, MONTH, DAY_OF_WEEK] as const;

const MACROS: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** The most days each month can have (February: in a leap year). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** How far nextRun looks: far more than the 12 years the rarest expression that can match waits (1 January on a given weekday). */
const HORIZON_YEARS = 100;

/** Reads a cron expression; throws CronSyntaxError with the offset of the fault. */
export function parseCron(text: string): CronExpression {
  const tokens = [...text.matchAll(/\S+/g)].map((m) => ({ text: m[0], at: m.index! }));
  if (tokens.length === 0) throw new CronSyntaxError(0, 'is empty: a cron expression has 5 fields (minute hour day-of-month month day-of-week), 6 ' +
    'with seconds first, or is a macro such as @daily');
  if (tokens[0].text.startsWith('@')) return parseMacro(text, tokens);
  if (tokens.length < 5 || tokens.length > 6) {
    const at = tokens.length > 6 ? tokens[6].at : text.trimEnd().length;
    throw new CronSyntaxError(at, `has ${tokens.length} field${tokens.length === 1 ? '' : 's'}: a cron expression has 5 (minute hour day-of-month ` +
      `month day-of-week), or 6 with seconds first`);
  }
  const withSeconds = tokens.length === 6;
  const specs = withSeconds ? [SECOND, ...FIVE_FIELDS] : FIVE_FIELDS;
  const values = specs.map((spec, i) => parseField(tokens[i].text, tokens[i].at, spec));
  const [seconds, minutes, hours, daysOfMonth, months, daysOfWeek] = withSeconds ? values : [[0], ...values];
  const dom = tokens[withSeconds ? 3 : 2];
  const expression: CronExpression = {
    source: text, seconds, minutes, hours, daysOfMonth, months, daysOfWeek,
    dayOfMonthRestricted: !dom.text.startsWith('*'),
    dayOfWeekRestricted: !tokens[withSeconds ? 5 : 4].text.startsWith('*'),
  };
  checkReachable(expression, dom);
  return expression;
}

function parseMacro(text: string, tokens: ReadonlyArray<{ text: string; at: number }>): CronExpression {
  const name = tokens[0].text.toLowerCase();
  if (name === '@reboot') throw new CronSyntaxError(tokens[0].at, '@reboot is not a time: a run missed while the service was down is what runMissed is for');
  const expansion = MACROS[name];
  if (expansion === undefined) throw new CronSyntaxError(tokens[0].at, `unknown macro "${tokens[0].text}": the macros are ${Object.keys(MACROS).join(', ')}`);
  if (tokens.length > 1) throw new CronSyntaxError(tokens[1].at, `${tokens[0].text} stands alone: a macro takes no fields after it`);
  return { ...parseCron(expansion), source: text };
}

/** The values a field allows, ascending; `at` is the field's offset in the expression. */
function parseField(field: string, at: number, spec: FieldSpec): number[] {
  const allowed = new Set<number>();
  let offset = at;
  for (const item of field.split(',')) {
    if (item === '') throw new CronSyntaxError(offset, `${spec.name} field "${field}" has an empty list item`);
    for (const v of parseItem(item, offset, spec)) allowed.add(spec === DAY_OF_WEEK && v === 7 ? 0 : v);
    offset += item.length + 1;
  }
  return [...allowed].sort((a, b) => a - b);
}

/** One list item: `*`, `v`, `a-b`, each optionally `/step`. */
function parseItem(item: string, at: number, spec: FieldSpec): number[] {
  const slash = item.indexOf('/');
  const range = slash === -1 ? item : item.slice(0, slash);
  const step = slash === -1 ? 1 : parseStep(item.slice(slash + 1), at + slash + 1, spec);
  let lo: number;
  let hi: number;
  if (range === '*') {
    lo = spec.min;
    hi = spec === DAY_OF_WEEK ? 6 : spec.max;
  } else {
    const dash = range.indexOf('-');
    if (dash === -1) {
      lo = parseValue(range, at, spec);
      // `5/15` is `5-59/15`, as cronie and most schedulers read it.
      hi = slash === -1 ? lo : spec === DAY_OF_WEEK ? 6 : spec.max;
    } else {
      lo = parseValue(range.slice(0, dash), at, spec);
      hi = parseValue(range.slice(dash + 1), at + dash + 1, spec);
      if (spec === DAY_OF_WEEK && hi === 0 && lo > 0) hi = 7;
      if (lo > hi) throw new CronSyntaxError(at, `${spec.name} range ${range} runs backwards (cron ranges do not wrap): write ` +
        `${wrapped(range.slice(0, dash), range.slice(dash + 1), spec)}`);
    }
  }
  const out: number[] = [];
  for (let v = lo; v <= hi; v += step) out.push(v);
  return out;
}

/** A backward range `from-to` as the two ranges it means (`50-10`: `50-59,0-10`; `NOV-FEB`: `NOV-DEC,JAN-FEB`). */
function wrapped(from: string, to: string, spec: FieldSpec): string {
  const named = spec.names !== undefined && /^[a-z]/i.test(from);
  const last = named ? spec.names!.at(-1)! : String(spec === DAY_OF_WEEK ? 6 : spec.max);
  const first = named ? spec.names![0] : String(spec.min);
  return `${from}-${last},${first}-${to}`;
}

function parseStep(text: string, at: number, spec: FieldSpec): number {
  if (!/^\d+$/.test(text)) throw new CronSyntaxError(at, `${spec.name} step "${text}" is not a number`);
  const step = Number(text);
  if (step === 0) throw new CronSyntaxError(at, `${spec.name} step 0: a step is 1 or more`);
  return step;
}

function parseValue(text: string, at: number, spec: FieldSpec): number {
  if (/^\d+$/.test(text)) {
    const v = Number(text);
    if (v < spec.min || v > spec.max) throw new CronSyntaxError(at, `${spec.name} ${text} is out of range ${spec.min}–${spec.max}`);
    return v;
  }
  if (spec.names && /^[a-z]+$/i.test(text)) {
    const i = spec.names.indexOf(text.toUpperCase());
    if (i !== -1) return spec.min === 1 ? i + 1 : i;
    throw new CronSyntaxError(at, `${spec.name} "${text}" is not a ${spec.nameOfOne}: write ${spec.min}–${spec.max} or ${spec.names[0]}–${spec.names.at(-1)}`);
  }
  const quartz = /^[?LW#]|[LW#]$/i.test(text) ? ' (Quartz\'s ?, L, W and # are not cron syntax)' : '';
  if (text === '') throw new CronSyntaxError(at, `${spec.name}: a value is missing`);
  throw new CronSyntaxError(at, `${spec.name} "${text}" is not a number${spec.names ? ' or a name' : ''}${quartz}`);
}

/** Refuses a day of the month that none of the months allowed has (`0 0 30 2 *`): the expression would never match. */
function checkReachable(e: CronExpression, dom: { text: string; at: number }): void {
  if (e.dayOfMonthRestricted && e.dayOfWeekRestricted) return;
  if (e.months.some((m) => e.daysOfMonth[0] <= MONTH_DAYS[m - 1])) return;
  const months = e.months.map((m) => MONTH_NAMES[m - 1]);
  const named = months.length === 1 ? months[0] : `${months.slice(0, -1).join(', ')} or ${months.at(-1)}`;
  throw new CronSyntaxError(dom.at, `day of month ${dom.text} never comes in ${named}: the expression would never match`);
}

/**
 * The first time after `after` (strictly; a whole second) that the expression names, on the
 * wall clock of `timeZone` (an IANA name; RangeError for another).
 *
 * Clock changes: a time that does not exist (clocks spring forward over it: 02:30 in
 * Europe/Berlin on the last Sunday of March) is run at the first instant after the gap (03:00
 * CEST), and several such times are run once, there. A time the clocks read twice (they fall
 * back: 02:00–02:59 on the last Sunday of October) is run at its first reading only; asked from
 * within the second, the answer comes after the repeated stretch. So a job set for 02:30 daily
 * runs every day, once, whatever `after` is (the last scheduled time, or when the last run ended).
 *
 * Fields are skipped whole (a month, a day, an hour that cannot match), never minute by minute.
 */
export function nextRun(expr: CronExpression, after: Date, timeZone: string): Date {
  assertTimeZone(timeZone);
  const t = after.getTime();
  if (!Number.isFinite(t)) throw new RangeError('nextRun: `after` is not a valid date');
  const start = Math.floor(t / 1000) * 1000 + 1000;
  let from = wallTimeAt(start, timeZone);
  // A second turn comes only when `start` is in the second reading of an overlap; a third, never.
  for (let turn = 0; turn < 4; turn++) {
    const wall = nextWallTime(expr, from);
    const instants = wallTimeInstants(wall, timeZone);
    if (instants.length === 0) return new Date(gapEnd(wall, timeZone));
    if (instants[0] >= start) return new Date(instants[0]);
    // Read first before `start`: so was every wall time up to the end of the repeated stretch.
    from = utcWall(instants.length === 2 ? overlapEnd(wall, timeZone) : wallEpoch(wall) + 1000);
  }
  throw new Error(`nextRun: no time found for "${expr.source}" in ${timeZone}`);
}

/** The first wall time at or after `from` that the expression matches, found field by field. */
export function nextWallTime(e: CronExpression, from: WallTime): WallTime {
  let { year, month, day, hour, minute, second } = from;
  const lastYear = year + HORIZON_YEARS;
  const nextDay = () => {
    day++;
    hour = minute = second = 0;
  };
  while (year <= lastYear) {
    const m = firstFrom(e.months, month);
    if (m === undefined) {
      year++;
      month = day = 1;
      hour = minute = second = 0;
      continue;
    }
    if (m !== month) {
      month = m;
      day = 1;
      hour = minute = second = 0;
    }
    if (day > daysIn(year, month)) {
      month++;
      day = 1;
      hour = minute = second = 0;
      continue;
    }
    if (!dayMatches(e, year, month, day)) {
      nextDay();
      continue;
    }
    const h = firstFrom(e.hours, hour);
    if (h === undefined) {
      nextDay();
      continue;
    }
    if (h !== hour) {
      hour = h;
      minute = second = 0;
    }
    const mi = firstFrom(e.minutes, minute);
    if (mi === undefined) {
      hour++;
      minute = second = 0;
      continue;
    }
    if (mi !== minute) {
      minute = mi;
      second = 0;
    }
    const s = firstFrom(e.seconds, second);
    if (s === undefined) {
      minute++;
      second = 0;
      continue;
    }
    return { year, month, day, hour, minute, second: s };
  }
  throw new Error(`cron: "${e.source}" matches nothing within ${HORIZON_YEARS} years`);
}

/** The smallest of the ascending `values` that is at least `v`. */
function firstFrom(values: readonly number[], v: number): number | undefined {
  for (const x of values) if (x >= v) return x;
  return undefined;
}

function daysIn(year: number, month: number): number {
  if (month !== 2) return MONTH_DAYS[month - 1];
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

function dayMatches(e: CronExpression, year: number, month: number, day: number): boolean {
  const byMonth = e.daysOfMonth.includes(day);
  const byWeek = e.daysOfWeek.includes(utcWeekday(year, month, day));
  return e.dayOfMonthRestricted && e.dayOfWeekRestricted ? byMonth || byWeek : byMonth && byWeek;
}

function utcWeekday(year: number, month: number, day: number): number {
  return new Date(wallEpoch({ year, month, day, hour: 0, minute: 0, second: 0 })).getUTCDay();
}
