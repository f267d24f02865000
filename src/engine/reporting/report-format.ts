import { timestamp17 } from '../../util/timestamp17.js';

/** Heritrix's ArchiveUtils formats, as its reports and progress-statistics.log write them. */

/**
 * A number as Java's US NumberFormat writes it: thousands grouped, at most `maxFractionDigits`
 * decimals (rounded half away from zero on its shortest decimal form, as Intl.NumberFormat
 * rounds: 1.005 → 1.01), trailing zeros dropped down to `minFractionDigits`. Written out rather
 * than through Intl.NumberFormat('en-US'), whose first use loads ICU's locale data: 15–20 ms of
 * every command that writes a report.
 */
export function doubleToString(value: number, maxFractionDigits: number, minFractionDigits = 0): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
  // The shortest decimal digits that read back as the value, and where the point goes.
  const [mantissa, exponent] = Math.abs(value).toExponential().split('e');
  let digits = mantissa.replace('.', '');
  let point = Number(exponent) + 1;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (digits.length < point) digits += '0'.repeat(point - digits.length);
  let kept = digits.slice(0, point + maxFractionDigits);
  if (digits.charCodeAt(point + maxFractionDigits) >= 53) kept = roundUp(kept);
  if (kept.length > point + maxFractionDigits) point++;
  let whole = kept.slice(0, point) || '0';
  let fraction = kept.slice(point).padEnd(maxFractionDigits, '0');
  let end = fraction.length;
  while (end > minFractionDigits && fraction.charCodeAt(end - 1) === 48) end--;
  fraction = fraction.slice(0, end);
  whole = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Adds one at the last digit of a string of decimal digits (`199` → `200`, `99` → `100`). */
function roundUp(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, i) + String.fromCharCode(digits.charCodeAt(i) + 1) + '0'.repeat(digits.length - 1 - i);
}

const BYTE_UNITS = [' B', ' KiB', ' MiB', ' GiB', ' TiB'];

/** `153399` → `150 KiB`: the largest unit with an amount of at least 1, two significant digits at least. */
export function formatBytesForDisplay(amount: number): string {
  if (amount <= 0) return '0 B';
  let display = amount;
  let unit = 0;
  while (display >= 1024 && unit < BYTE_UNITS.length - 1) {
    display /= 1024;
    unit++;
  }
  const digits = display < 10 ? 1 : 0;
  return doubleToString(display, digits, digits) + BYTE_UNITS[unit];
}

const DURATION_UNITS: ReadonlyArray<readonly [number, string]> = [[86_400_000, 'd'], [3_600_000, 'h'], [60_000, 'm'], [1000, 's'], [1, 'ms']];

/** `41968` → `41s968ms`: days down to milliseconds, units that are zero left out. */
export function formatMillisecondsToConventional(durationMs: number): string {
  if (durationMs === 0) return '0ms';
  let rest = Math.abs(Math.trunc(durationMs));
  let out = durationMs < 0 ? '-' : '';
  for (const [size, unit] of DURATION_UNITS) {
    if (rest >= size) {
      out += `${Math.floor(rest / size)}${unit}`;
      rest %= size;
    }
  }
  return out;
}

/** `yyyyMMddHHmm` in UTC (Heritrix's 12-digit date in report headers). */
export function timestamp12(ms: number): string {
  return timestamp17(ms).slice(0, 12);
}

/** Entries by count, largest first, ties by key (Heritrix's reverse-sorted copies). */
export function byCountDescending<K extends string | number, V>(entries: Iterable<readonly [K, V]>, count: (value: V) => number): Array<readonly [K, V]> {
  return [...entries].sort((a, b) => count(b[1]) - count(a[1]) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
