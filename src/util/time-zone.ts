import { didYouMean } from './did-you-mean.js';

/**
 * Wall-clock times in IANA time zones, through Intl.DateTimeFormat (Node's ICU data): what a
 * clock in the zone reads at an instant, and the instants at which it reads a given time (none
 * in a spring-forward gap, two in a fall-back overlap). Seconds are the finest unit: every
 * instant here is a whole second.
 */

/** A reading of a wall clock: months count from 1, hours from 0 to 23. */
export interface WallTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const HOUR_MS = 3_600_000;
/** More than the distance between the two offsets of any transition, and less than the time between two transitions. */
const AROUND_MS = 24 * HOUR_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: making one costs far more than using it. Throws RangeError for an unknown zone. */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Why `name` is not a time zone this module accepts, or undefined when it is one: an IANA name
 * (`UTC`, `Europe/Berlin`, `America/New_York`; the case of its letters is free) that this
 * Node's ICU knows. UTC offsets (`+01:00`) are refused, since Node 20 does not read them and
 * later versions do: a bean file must mean the same on each.
 */
export function timeZoneProblem(name: string): string | undefined {
  if (name.trim() === '') return 'is empty: write an IANA time zone name such as UTC or Europe/Berlin';
  if (/^\s*[+\-\u2212]?\d/.test(name)) {
    return `"${name}" is a UTC offset, not a time zone name: write an IANA name (Europe/Berlin), or Etc/GMT-1 for a fixed UTC+01:00 (Etc/GMT signs ` +
      `are inverted)`;
  }
  try {
    formatterOf(name);
    return undefined;
  } catch {
    return `"${name}" is not an IANA time zone name (such as UTC, Europe/Berlin or America/New_York)`;
  }
}

/** Throws RangeError naming the problem unless `name` is a time zone (timeZoneProblem). */
export function assertTimeZone(name: string): void {
  const problem = timeZoneProblem(name);
  if (problem !== undefined) throw new RangeError(`time zone ${problem}`);
}

/** The zone closest to a name that is none, for a "did you mean" hint; `Berlin` and `new york` find theirs by their last part. */
export function timeZoneHints(name: string): string[] {
  const zones = ['UTC', ...Intl.supportedValuesOf('timeZone')];
  const wanted = name.trim().replace(/\s+/g, '_').toLowerCase();
  const byCity = zones.filter((z) => z.slice(z.lastIndexOf('/') + 1).toLowerCase() === wanted);
  const near = byCity.length ? byCity.slice(0, 3) : didYouMean(name.trim(), zones, 1);
  return near.length ? [`did you mean ${near.map((z) => `"${z}"`).join(' or ')}?`] : [];
}

/** The instant (epoch ms) at which a UTC clock reads `wall`: the wall time's own number, without a zone. */
export function wallEpoch(wall: WallTime): number {
  const d = new Date(0);
  d.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  d.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return d.getTime();
}

/** The wall time a UTC clock reads at `epochMs` (the inverse of wallEpoch), to the second. */
export function utcWall(epochMs: number): WallTime {
  const d = new Date(epochMs);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

/** What a clock in `timeZone` reads at `epochMs` (milliseconds dropped). */
export function wallTimeAt(epochMs: number, timeZone: string): WallTime {
  const fields: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return { year: fields.year, month: fields.month, day: fields.day, hour: fields.hour, minute: fields.minute, second: fields.second };
}

/** The zone's offset from UTC at `epochMs`, in ms (positive east of Greenwich). */
function offsetAt(epochMs: number, timeZone: string): number {
  const second = Math.floor(epochMs / 1000) * 1000;
  return wallEpoch(wallTimeAt(second, timeZone)) - second;
}

/**
 * The instants (epoch ms, ascending) at which a clock in `timeZone` reads `wall`: one as a rule,
 * none when the time falls in a gap (clocks spring forward over it), two when it falls in an
 * overlap (clocks fall back and read it twice).
 */
export function wallTimeInstants(wall: WallTime, timeZone: string): number[] {
  const asUtc = wallEpoch(wall);
  const offsets = new Set([offsetAt(asUtc - AROUND_MS, timeZone), offsetAt(asUtc, timeZone), offsetAt(asUtc + AROUND_MS, timeZone)]);
  const instants = [...offsets].map((o) => asUtc - o).filter((t) => offsetAt(t, timeZone) === asUtc - t);
  return [...new Set(instants)].sort((a, b) => a - b);
}

/**
 * The clock change that puts `wall` in a gap or an overlap: the instant it happened, and the
 * zone's offsets before and after it.
 */
function changeAround(wall: WallTime, timeZone: string): { at: number; before: number; after: number } {
  const asUtc = wallEpoch(wall);
  const before = offsetAt(asUtc - AROUND_MS, timeZone);
  const after = offsetAt(asUtc + AROUND_MS, timeZone);
  // The clock reads `wall` (or would) at asUtc - before under the old offset and at asUtc - after under the new: the change lies between.
  let lo = Math.floor((asUtc - Math.max(before, after)) / 1000);
  let hi = Math.ceil((asUtc - Math.min(before, after)) / 1000);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(mid * 1000, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return { at: hi * 1000, before, after };
}

/**
 * The first instant after the gap that `wall` falls in (wallTimeInstants gave none): the moment
 * the clocks sprang forward, when they read the end of the gap (03:00 for 02:30 in
 * Europe/Berlin on the last Sunday of March).
 */
export function gapEnd(wall: WallTime, timeZone: string): number {
  return changeAround(wall, timeZone).at;
}

/**
 * The end of the stretch of wall times read twice that `wall` falls in (wallTimeInstants gave
 * two), as wallEpoch numbers it: the time the clocks read when they fell back (03:00 in
 * Europe/Berlin on the last Sunday of October), which they read once.
 */
export function overlapEnd(wall: WallTime, timeZone: string): number {
  const change = changeAround(wall, timeZone);
  return change.at + change.before;
}
