/** How the console writes numbers, sizes, times and durations. */

const NUMBER = new Intl.NumberFormat('en');
const RATE = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** 12,345 */
export function count(n: number | undefined): string {
  return n === undefined ? '–' : NUMBER.format(n);
}

/** 3.2 (a rate) */
export function rate(n: number | undefined): string {
  return n === undefined ? '–' : RATE.format(n);
}

/** 1.5 MiB */
export function bytes(n: number | undefined): string {
  if (n === undefined) return '–';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : RATE.format(v)} ${units[i]}`;
}

/** A moment in the browser's time zone, to the second: 2026-11-22 14:03:07. */
export function time(iso: string | undefined): string {
  if (!iso) return '–';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** 1 h 02 min, 3 min 05 s, 12 s */
export function duration(ms: number | undefined): string {
  if (ms === undefined) return '–';
  const s = Math.round(ms / 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${p(Math.floor((s % 3600) / 60))} min`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${p(s % 60)} s`;
  return `${s} s`;
}
