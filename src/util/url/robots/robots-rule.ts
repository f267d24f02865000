import { robotsMatchForm } from './robots-match-form.js';

/** An `Allow` or `Disallow` line, compiled once when the file is parsed. */
export interface RobotsRule {
  readonly allow: boolean;
  /** Specificity: octets in the pattern (in match form), the longest matching rule wins. */
  readonly length: number;
  /** `path` is the URL's path and query, already in match form. */
  matches(path: string): boolean;
}

/**
 * Compiles a non-empty pattern: it matches a prefix of the path, `*` matches any run of characters
 * and a final `$` anchors the end. Wildcard patterns are matched segment by segment (each literal at
 * its leftmost place), in time linear in the path for each segment, with no regular expressions.
 */
export function compileRobotsRule(pattern: string, allow: boolean): RobotsRule {
  const anchored = pattern.endsWith('$');
  const segments = (anchored ? pattern.slice(0, -1) : pattern).split('*').map(robotsMatchForm);
  const length = segments.reduce((sum, s) => sum + s.length, segments.length - 1) + (anchored ? 1 : 0);
  if (segments.length === 1 && !anchored) {
    const prefix = segments[0]!;
    return { allow, length, matches: (path) => path.startsWith(prefix) };
  }
  return { allow, length, matches: (path) => matchesSegments(path, segments, anchored) };
}

function matchesSegments(path: string, segments: string[], anchored: boolean): boolean {
  const first = segments[0]!;
  if (!path.startsWith(first)) return false;
  const last = segments.length - 1;
  if (last === 0) return path.length === first.length;
  let pos = first.length;
  for (let i = 1; i < last; i++) {
    const at = path.indexOf(segments[i]!, pos);
    if (at < 0) return false;
    pos = at + segments[i]!.length;
  }
  const tail = segments[last]!;
  if (!anchored) return path.indexOf(tail, pos) >= 0;
  return path.length - tail.length >= pos && path.endsWith(tail);
}
