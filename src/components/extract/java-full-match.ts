/** A Java inline flag group: `(?i)`, `(?s)`, `(?m)` or a combination. */
const INLINE_FLAGS = /\(\?([ims]+)\)/y;

/**
 * Compiles a regular expression written for Java so that `test` answers as Java's
 * `String.matches` does (the whole string must match): inline flag groups such as `(?i)` become
 * flags of the whole expression, wherever they stand. Throws a SyntaxError on what JavaScript
 * cannot compile (possessive quantifiers, `(?x)`, ...).
 */
export function javaFullMatch(source: string): RegExp {
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
      INLINE_FLAGS.lastIndex = i;
      const m = INLINE_FLAGS.exec(source);
      if (m !== null) {
        for (const f of m[1]) flags.add(f);
        i += m[0].length - 1;
        continue;
      }
    }
    body += c;
  }
  return new RegExp(`^(?:${body})$`, [...flags].join(''));
}
