/**
 * Scans JSON text for bracket depth without parsing it (strings skipped), so that a file
 * nested deeper than the recursive parser can take is refused with a position, not a crash.
 */
export function jsonNestingDepth(source: string, limit: number): { depth: number; tooDeepAt?: number } {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < source.length && source.charCodeAt(i) !== 0x22; i++) if (source.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return { depth, tooDeepAt: i };
      if (depth > max) max = depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return { depth: max };
}
