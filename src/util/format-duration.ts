/**
 * A duration as the crawl's summary, `status`, report.html and the console write it: `12 s`,
 * `9 min 55 s`, `1 h 02 min`, rounded to the second (to the minute from an hour up). An estimate
 * (`precision` minute) is rounded to the minute from 90 s up: `about 2 min`. Reports that keep
 * Heritrix's own format (crawl-report.txt's `1h2m3s4ms`) use formatMillisecondsToConventional.
 */
export function formatDuration(ms: number, precision: 'second' | 'minute' = 'second'): string {
  const s = Math.round(Math.max(0, ms) / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  if (s >= 3600 || (precision === 'minute' && s >= 90)) {
    const minutes = Math.round(s / 60);
    return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${two(minutes % 60)} min`;
  }
  if (s >= 60) return `${Math.floor(s / 60)} min ${two(s % 60)} s`;
  return `${s} s`;
}
