const DELIMITER = /[\x09\x20-\x2f\x3b-\x40\x5b-\x60\x7b-\x7e]+/;
const TIME = /^(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\D|$)/;
const DAY = /^(\d{1,2})(?:\D|$)/;
const YEAR = /^(\d{2,4})(?:\D|$)/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * An `Expires` value read by RFC 6265 §5.1.1's algorithm, which accepts the many date forms
 * servers send (`Wed, 09 Jun 2021 10:18:14 GMT`, `Wednesday, 09-Jun-21 10:18:14 GMT`, ...):
 * ms since the epoch, or undefined when the value is not a date.
 */
export function parseCookieDate(text: string): number | undefined {
  let time: number[] | undefined;
  let day: number | undefined;
  let month: number | undefined;
  let year: number | undefined;
  for (const token of text.split(DELIMITER)) {
    if (token === '') continue;
    let m: RegExpExecArray | null;
    if (time === undefined && (m = TIME.exec(token))) time = [Number(m[1]), Number(m[2]), Number(m[3])];
    else if (day === undefined && (m = DAY.exec(token))) day = Number(m[1]);
    else if (month === undefined && MONTHS.includes(token.slice(0, 3).toLowerCase())) month = MONTHS.indexOf(token.slice(0, 3).toLowerCase());
    else if (year === undefined && (m = YEAR.exec(token))) year = Number(m[1]);
  }
  if (time === undefined || day === undefined || month === undefined || year === undefined) return undefined;
  if (year >= 70 && year <= 99) year += 1900;
  else if (year <= 69) year += 2000;
  const [h, min, s] = time;
  if (day < 1 || day > 31 || year < 1601 || h > 23 || min > 59 || s > 59) return undefined;
  const ms = Date.UTC(year, month, day, h, min, s);
  return new Date(ms).getUTCDate() === day ? ms : undefined;
}
