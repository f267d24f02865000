import { compareText } from './compare-text.js';
/** Damerau-free Levenshtein distance, case-insensitive, small inputs only. */
function distance(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/**
 * The candidates closest to `name`, for a "did you mean" hint: within a third of the name's
 * length (at least 2 edits), or differing only in case, or one ending the other after a dot
 * (`FetchHTTP` for `org.archive.modules.fetcher.FetchHTTP`).
 */
export function didYouMean(name: string, candidates: Iterable<string>, max = 3): string[] {
  const limit = Math.max(2, Math.floor(name.length / 3));
  const scored: Array<[string, number]> = [];
  for (const c of candidates) {
    const tail = c.slice(c.lastIndexOf('.') + 1);
    const d = Math.min(distance(name, c), tail === c ? Infinity : distance(name, tail));
    if (d <= limit) scored.push([c, d]);
  }
  scored.sort((x, y) => x[1] - y[1] || compareText(x[0], y[0]));
  return scored.slice(0, max).map(([c]) => c);
}

export function hintFor(name: string, candidates: Iterable<string>): string[] {
  const near = didYouMean(name, candidates);
  return near.length ? [`did you mean ${near.map((n) => `"${n}"`).join(' or ')}?`] : [];
}

/** The names a "did you mean" hint (as hintFor writes it) offers, in its order; none for any other hint. */
export function suggestionsOf(hints: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const hint of hints ?? []) {
    const m = /^did you mean (.*)\?$/.exec(hint);
    if (m) for (const q of m[1].matchAll(/"((?:[^"\\]|\\.)*)"/g)) out.push(q[1]);
  }
  return out;
}
