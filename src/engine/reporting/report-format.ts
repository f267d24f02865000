import { timestamp17 } from '../../util/timestamp17.js';

/** Heritrix's ArchiveUtils formats, as its reports and progress-statistics.log write them. */

const numberFormats = new Map<number, Intl.NumberFormat>();

/** A number as Java's US NumberFormat writes it: thousands grouped, at most `maxFractionDigits` decimals. */
export function doubleToString(value: number, maxFractionDigits: number, minFractionDigits = 0): string {
  const key = maxFractionDigits * 16 + minFractionDigits;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { maximumFractionDigits: maxFractionDigits, minimumFractionDigits: minFractionDigits });
    numberFormats.set(key, f);
  }
  return f.format(value);
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
