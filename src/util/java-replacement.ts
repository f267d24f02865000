/**
 * Expands a replacement string written for Java's `Matcher.replaceFirst` (Heritrix's bean files)
 * against one match: `$n` is group n (more digits are taken while such a group exists, as Java
 * does), `${name}` a named group, `\x` the character x; an unmatched group gives ''. JavaScript's
 * own `$` syntax differs (`$&`, `$$`, no `\` escapes), hence this. Throws, as Java does, on a `$`
 * naming no group and on a trailing `\` or `$`.
 */
export function expandJavaReplacement(format: string, match: RegExpExecArray): string {
  let out = '';
  const groups = match.length - 1;
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c === '\\') {
      if (i + 1 >= format.length) throw new Error(`replacement "${format}" ends with an escape`);
      out += format[++i];
    } else if (c === '$') {
      if (format[i + 1] === '{') {
        const end = format.indexOf('}', i + 2);
        const name = end < 0 ? '' : format.slice(i + 2, end);
        if (name === '' || match.groups === undefined || !(name in match.groups)) throw new Error(`replacement "${format}" names no group "${name}"`);
        out += match.groups[name] ?? '';
        i = end;
        continue;
      }
      const first = format.charCodeAt(i + 1) - 48;
      if (!(first >= 0 && first <= 9) || first > groups) throw new Error(`replacement "${format}" refers to no group at ${i}`);
      let n = first;
      i++;
      while (i + 1 < format.length) {
        const d = format.charCodeAt(i + 1) - 48;
        if (!(d >= 0 && d <= 9) || n * 10 + d > groups) break;
        n = n * 10 + d;
        i++;
      }
      out += match[n] ?? '';
    } else {
      out += c;
    }
  }
  return out;
}
