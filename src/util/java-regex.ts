const INLINE_FLAGS = /^\(\?([ims]+)\)/;

/**
 * Compiles a regular expression written for Java (Heritrix's bean files) so that `test` answers
 * as Java's `Matcher.matches()` does: the whole string must match. Java's inline flag groups
 * `(?i)`, `(?s)`, `(?m)` (and combinations) become flags of the whole expression, wherever they
 * stand (`.*(?i)\.pdf` is read as case-insensitive throughout). Throws a SyntaxError on a
 * pattern JavaScript cannot compile (possessive quantifiers, `(?x)`, ...).
 */
export function fullMatchRegex(source: string): RegExp {
  const { body, flags } = translated(source);
  return new RegExp(`^(?:${body})$`, flags);
}

/** As fullMatchRegex, for Java's `Matcher.find()`: the first match anywhere (`exec`), not anchored. */
export function findRegex(source: string): RegExp {
  const { body, flags } = translated(source);
  return new RegExp(body, flags);
}

function translated(source: string): { body: string; flags: string } {
  let body = '';
  const flags = new Set<string>();
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      body += source.slice(i, i + 2);
      i++;
      continue;
    }
    if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') {
      const m = INLINE_FLAGS.exec(source.slice(i, i + 6));
      if (m) {
        for (const f of m[1]) flags.add(f);
        i += m[0].length - 1;
        continue;
      }
    }
    body += c;
  }
  return { body, flags: [...flags].join('') };
}
