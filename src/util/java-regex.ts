/**
 * Regular expressions written for Java (Heritrix's bean files), compiled so that they mean in
 * JavaScript what they mean in Java, or refused with the construct and its offset.
 *
 * The translator reads the Java pattern once and writes a JavaScript pattern (flag `v`) that
 * spells out what each Java construct matches, so that no JavaScript flag changes its meaning:
 * - `.` excludes Java's line terminators (`\n \r \u0085 \u2028 \u2029`) unless `(?s)`; `^ $`
 *   are Java's (`$` also before a final line terminator; `(?m)` per line), `\A \z \Z` too;
 * - `\d \w \s \h \v` and their negations, and the POSIX classes `\p{Lower}`, `\p{Alpha}`,
 *   `\p{Punct}`… are Java's US-ASCII sets; `\p{javaLowerCase}`, `\p{javaWhitespace}`… and
 *   Unicode categories, scripts and binary properties are the Unicode sets Java names;
 * - `(?i)` is Java's CASE_INSENSITIVE without UNICODE_CASE: US-ASCII letters only;
 * - inline flags `(?imsx-imsx)` apply to the rest of their group, `(?i:X)` to X; `(?x)` drops
 *   whitespace and `#` comments, in classes too, as Java does;
 * - `\Q…\E` quotes; `[a-z&&[^aeiou]]` intersects; `X*+`, `X++`, `X?+`, `X{n,m}+` and `(?>X)`
 *   become the atomic `(?=(X))\k` (exact, since a lookahead never gives back);
 * - `\b \B` use Java's `\w` (as Java 19 and later do).
 * Refused, naming the construct and its offset: backreferences (JavaScript treats a group that
 * did not take part as empty), `\G`, `\R`, `\X`, `\N{…}`, `\b{g}`, `\p{In…}` blocks, the flags
 * `d`, `u`, `U`, a negated class holding a nested class or `&&` (Java 8 and 9+ disagree), and an
 * atomic construct before a capturing group (it would renumber the group).
 */

/** A Java pattern that is not valid Java, or that cannot be translated exactly. */
export class JavaRegexError extends SyntaxError {
  constructor(readonly offset: number, readonly construct: string, readonly problem: string) {
    super(`regex: ${construct} at offset ${offset} ${problem}`);
  }

  /** Java refuses the pattern too (as opposed to a valid Java pattern beancrawl cannot translate exactly). */
  get invalid(): boolean {
    return this.problem.includes('Java refuses') || this.problem.startsWith('cannot be compiled');
  }
}

/** As Java's `Matcher.matches()`: `test` answers whether the whole string matches. */
export function fullMatchRegex(source: string): RegExp {
  return new RegExp(`^(?:${translate(source).body})$`, 'v');
}

/** As Java's `Matcher.find()`: the first match anywhere (`exec`), not anchored. */
export function findRegex(source: string): RegExp {
  return new RegExp(translate(source).body, 'v');
}

/** The JavaScript (flag `v`) pattern a Java pattern translates to; throws JavaRegexError. */
export function translateJavaRegex(source: string): string {
  return translate(source).body;
}

interface Flags {
  i: boolean;
  s: boolean;
  m: boolean;
  x: boolean;
}

const TERMINATORS = '\\n\\r\\u0085\\u2028\\u2029';
const DOT = `[^${TERMINATORS}]`;
const ANY = '[\\s\\S]';
const AT_START = `(?<!${ANY})`;
const AT_END = `(?!${ANY})`;
/** Java's `$` without MULTILINE, and `\Z`: at the end, or before a final line terminator. */
const FINAL_END = `(?=(?:\\r\\n|(?<!\\r)\\n|[\\r\\u0085\\u2028\\u2029])?${AT_END})`;
/** Java's `^` with MULTILINE: at the start or after a line terminator (not inside \r\n), never at the end. */
const LINE_START = `(?=${ANY})(?:${AT_START}|(?<=[\\n\\u0085\\u2028\\u2029])|(?<=\\r)(?!\\n))`;
/** Java's `$` with MULTILINE: before a line terminator (not inside \r\n), or at the end. */
const LINE_END = `(?=[\\r\\u0085\\u2028\\u2029]|(?<!\\r)\\n|${AT_END})`;

const SETS: Record<string, string> = {
  d: '[0-9]', D: '[^0-9]',
  w: '[a-zA-Z_0-9]', W: '[^a-zA-Z_0-9]',
  s: '[\\t\\n\\x0B\\f\\r\\x20]', S: '[^\\t\\n\\x0B\\f\\r\\x20]',
  h: '[\\t\\x20\\xA0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000]', H: '[^\\t\\x20\\xA0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000]',
  v: '[\\n\\x0B\\f\\r\\x85\\u2028\\u2029]', V: '[^\\n\\x0B\\f\\r\\x85\\u2028\\u2029]',
};

/** Java's POSIX classes (US-ASCII, as without UNICODE_CHARACTER_CLASS). */
const POSIX: Record<string, string> = {
  Lower: '[a-z]', Upper: '[A-Z]', ASCII: '[\\x00-\\x7F]', Alpha: '[a-zA-Z]', Digit: '[0-9]', Alnum: '[a-zA-Z0-9]',
  Punct: '[!-\\/:-@\\[-`\\{-~]', Graph: '[!-~]', Print: '[\\x20-~]', Blank: '[\\x20\\t]', Cntrl: '[\\x00-\\x1F\\x7F]',
  XDigit: '[0-9a-fA-F]', Space: '[\\t\\n\\x0B\\f\\r\\x20]',
  // java.lang.Character's classes
  javaLowerCase: '\\p{Lowercase}', javaUpperCase: '\\p{Uppercase}', javaTitleCase: '\\p{Lt}',
  javaWhitespace: '[[\\t-\\r\\x1C-\\x1F\\p{Zs}\\p{Zl}\\p{Zp}]--[\\xA0\\u2007\\u202F]]',
  javaSpaceChar: '[\\p{Zs}\\p{Zl}\\p{Zp}]', javaDigit: '\\p{Nd}', javaLetter: '\\p{L}', javaLetterOrDigit: '[\\p{L}\\p{Nd}]',
  javaAlphabetic: '\\p{Alphabetic}', javaIdeographic: '\\p{Ideographic}', javaISOControl: '[\\x00-\\x1F\\x7F-\\x9F]',
  javaMirrored: '\\p{Bidi_M}', javaDefined: '\\P{Cn}',
};
/** The sets whose members do not change with letter case, which (?i) leaves as they are. */
const CASELESS = new Set(['ASCII', 'Alpha', 'Digit', 'Alnum', 'Punct', 'Graph', 'Print', 'Blank', 'Cntrl', 'XDigit', 'Space',
  'javaWhitespace', 'javaSpaceChar', 'javaDigit', 'javaLetter', 'javaLetterOrDigit', 'javaAlphabetic', 'javaIdeographic',
  'javaISOControl', 'javaMirrored', 'javaDefined', 'L', 'IsL', 'IsLetter', 'IsAlphabetic', 'Nd', 'IsDigit', 'N', 'P', 'IsPunctuation',
  'Z', 'IsWhite_Space', 'IsWhiteSpace', 'C', 'Cc', 'IsControl']);
/** Java's `\p{IsX}` binary properties, as JavaScript names them. */
const JAVA_BINARY: Record<string, string> = {
  alphabetic: '\\p{Alphabetic}', ideographic: '\\p{Ideographic}', letter: '\\p{L}', lowercase: '\\p{Lowercase}',
  uppercase: '\\p{Uppercase}', titlecase: '\\p{Lt}', punctuation: '\\p{P}', control: '\\p{Cc}', whitespace: '\\p{White_Space}',
  digit: '\\p{Nd}', hexdigit: '\\p{Hex_Digit}', joincontrol: '\\p{Join_Control}', noncharactercodepoint: '\\p{Noncharacter_Code_Point}',
  assigned: '\\P{Cn}', emoji: '\\p{Emoji}',
};

const QUANTIFIER_START = new Set(['*', '+', '?', '{']);

function translate(source: string): { body: string } {
  const t = new Translator(source);
  const body = t.alternation({ i: false, s: false, m: false, x: false }, 0);
  if (t.pos < source.length) throw new JavaRegexError(t.pos, '")"', 'closes no group (Java refuses the pattern)');
  if (t.firstHelperAt !== undefined && t.userGroups > t.userGroupsAtFirstHelper) {
    throw new JavaRegexError(t.firstHelperAt, t.firstHelperConstruct, 'cannot be translated exactly before or around a capturing group (it would ' +
      'renumber the groups)');
  }
  try {
    new RegExp(body, 'v');
  } catch (e) {
    throw new JavaRegexError(0, 'the pattern', `cannot be compiled: ${(e as Error).message}`);
  }
  return { body };
}

class Translator {
  pos = 0;
  userGroups = 0;
  helpers = 0;
  firstHelperAt?: number;
  firstHelperConstruct = '';
  userGroupsAtFirstHelper = 0;

  constructor(readonly src: string) {}

  /** Alternatives up to the `)` closing the group (depth > 0) or the end. */
  alternation(outer: Flags, depth: number): string {
    const flags = { ...outer };
    let out = '';
    for (;;) {
      this.skipComments(flags);
      const c = this.src[this.pos];
      if (c === undefined || c === ')') return out;
      if (c === '|') {
        this.pos++;
        out += '|';
        continue;
      }
      if (QUANTIFIER_START.has(c)) {
        throw new JavaRegexError(this.pos, `"${c}"`, 'has nothing to repeat (Java refuses the pattern: dangling meta character)');
      }
      const start = this.pos;
      const groupsBefore = this.userGroups;
      const atom = this.atom(flags, depth);
      if (atom === undefined) continue; // a flag group such as (?i): it changed `flags`
      out += this.quantified(atom, flags, start, groupsBefore);
    }
  }

  quantified(atom: string, flags: Flags, atomStart: number, groupsBefore: number): string {
    this.skipComments(flags);
    const at = this.pos;
    const c = this.src[at];
    let q: string;
    if (c === '*' || c === '+' || c === '?') {
      q = c;
      this.pos++;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(at));
      if (!m) throw new JavaRegexError(at, '"{"', 'is not a repetition {n}, {n,} or {n,m} (Java refuses the pattern; write \\{ for the character)');
      if (m[3] && Number(m[3]) < Number(m[1])) throw new JavaRegexError(at, `"${m[0]}"`, 'repeats at most fewer times than at least (Java refuses ' +
        'the pattern)');
      q = m[0];
      this.pos += m[0].length;
    } else return atom;
    const mode = this.src[this.pos];
    if (mode === '?') {
      this.pos++;
      return `(?:${atom})${q}?`;
    }
    if (mode === '+') {
      this.pos++;
      return this.atomic(`(?:${atom})${q}`, at, `possessive quantifier "${q}+"`, groupsBefore);
    }
    void atomStart;
    return `(?:${atom})${q}`;
  }

  /** X as an atomic group: a lookahead cannot be backtracked into, and the backreference consumes what it matched. */
  atomic(inner: string, at: number, construct: string, groupsBefore: number): string {
    if (this.firstHelperAt === undefined) {
      this.firstHelperAt = at;
      this.firstHelperConstruct = construct;
      this.userGroupsAtFirstHelper = groupsBefore;
    }
    const name = `bcAtomic${++this.helpers}`;
    return `(?=(?<${name}>${inner}))\\k<${name}>`;
  }

  /** One atom; undefined for a flag-setting group, which changes `flags` for the rest of the group. */
  atom(flags: Flags, depth: number): string | undefined {
    const at = this.pos;
    const c = this.src[at];
    switch (c) {
      case '(':
        return this.group(flags, depth);
      case '[':
        return this.charClass(flags);
      case '.':
        this.pos++;
        return flags.s ? ANY : DOT;
      case '^':
        this.pos++;
        return flags.m ? LINE_START : AT_START;
      case '$':
        this.pos++;
        return flags.m ? LINE_END : FINAL_END;
      case '\\':
        return this.escape(flags);
      default: {
        const cp = this.src.codePointAt(at)!;
        this.pos += cp > 0xffff ? 2 : 1;
        return literal(cp, flags);
      }
    }
  }

  group(flags: Flags, depth: number): string | undefined {
    const at = this.pos;
    const rest = this.src.slice(at);
    let m: RegExpExecArray | null;
    if (rest.startsWith('(?:') || rest.startsWith('(?=') || rest.startsWith('(?!') || rest.startsWith('(?<=') || rest.startsWith('(?<!')) {
      const open = /^\(\?(:|=|!|<=|<!)/.exec(rest)![0];
      this.pos += open.length;
      return `${open}${this.closeGroup(flags, depth, at)})`;
    }
    if (rest.startsWith('(?>')) {
      this.pos += 3;
      const groupsBefore = this.userGroups;
      const inner = this.closeGroup(flags, depth, at);
      return this.atomic(inner, at, 'atomic group "(?>"', groupsBefore);
    }
    if ((m = /^\(\?<([a-zA-Z][a-zA-Z0-9]*)>/.exec(rest))) {
      this.pos += m[0].length;
      this.userGroups++;
      return `(?<${m[1]}>${this.closeGroup(flags, depth, at)})`;
    }
    if ((m = /^\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?([:)])/.exec(rest))) {
      const on = m[1];
      const off = m[2] ?? '';
      for (const [letters, set] of [[on, true], [off, false]] as const) {
        for (const f of letters) {
          if (f === 'i' || f === 's' || f === 'm' || f === 'x') continue;
          if ('duU'.includes(f)) {
            if (set) throw new JavaRegexError(at, `flag "${f}" in "${m[0]}"`, `cannot be translated exactly (${FLAG_NAMES[f]})`);
            continue;
          }
          throw new JavaRegexError(at, `"${m[0]}"`, `has an unknown flag "${f}" (Java refuses the pattern)`);
        }
      }
      const target = m[3] === ')' ? flags : { ...flags };
      for (const f of on) if (f in target) target[f as keyof Flags] = true;
      for (const f of off) if (f in target) target[f as keyof Flags] = false;
      this.pos += m[0].length;
      if (m[3] === ')') return undefined;
      return `(?:${this.closeGroup(target, depth, at)})`;
    }
    if (rest.startsWith('(?')) {
      throw new JavaRegexError(at, `"${rest.slice(0, 3)}"`, 'is not a Java group construct (Java refuses the pattern)');
    }
    this.pos++;
    this.userGroups++;
    return `(${this.closeGroup(flags, depth, at)})`;
  }

  closeGroup(flags: Flags, depth: number, at: number): string {
    const inner = this.alternation(flags, depth + 1);
    if (this.src[this.pos] !== ')') throw new JavaRegexError(at, '"("', 'is never closed (Java refuses the pattern)');
    this.pos++;
    return inner;
  }

  escape(flags: Flags): string {
    const at = this.pos;
    const next = this.src[at + 1];
    if (next === undefined) throw new JavaRegexError(at, '"\\"', 'ends the pattern (Java refuses it)');
    if (next === 'Q') {
      this.pos += 2;
      const end = this.src.indexOf('\\E', this.pos);
      const quoted = this.src.slice(this.pos, end < 0 ? undefined : end);
      this.pos = end < 0 ? this.src.length : end + 2;
      return [...quoted].map((ch) => literal(ch.codePointAt(0)!, flags)).join('');
    }
    if (next === 'E') {
      this.pos += 2;
      return '';
    }
    if (SETS[next]) {
      this.pos += 2;
      return SETS[next];
    }
    switch (next) {
      case 'A':
        this.pos += 2;
        return AT_START;
      case 'z':
        this.pos += 2;
        return AT_END;
      case 'Z':
        this.pos += 2;
        return FINAL_END;
      case 'b':
      case 'B':
        if (this.src[at + 2] === '{') throw new JavaRegexError(at, `"\\${next}{"`, 'cannot be translated exactly (grapheme cluster boundaries)');
        this.pos += 2;
        return `\\${next}`;
      case 'p':
      case 'P':
        return this.property(flags);
      case 'G':
        throw new JavaRegexError(at, '"\\G"', 'cannot be translated exactly (the end of the previous match)');
      case 'R':
        throw new JavaRegexError(at, '"\\R"', 'cannot be translated exactly (Java 8 and later Java versions disagree on backtracking into \\r\\n)');
      case 'X':
        throw new JavaRegexError(at, '"\\X"', 'cannot be translated exactly (extended grapheme clusters)');
      case 'N':
        throw new JavaRegexError(at, '"\\N{…}"', 'cannot be translated exactly (characters by Unicode name)');
      case 'k':
        throw new JavaRegexError(at, 'backreference "\\k<…>"', 'cannot be translated exactly (JavaScript treats a group that did not take part as empty)');
    }
    if (/[1-9]/.test(next)) {
      throw new JavaRegexError(at, `backreference "\\${next}"`, 'cannot be translated exactly (JavaScript treats a group that did not take part as empty)');
    }
    return literal(this.escapedChar(), flags);
  }

  /** A character escape (`\t`, `\x41`, `\u0041`, `\0101`, `\cA`, `\.`), consumed; its code point. */
  escapedChar(): number {
    const at = this.pos;
    const next = this.src[at + 1];
    const simple: Record<string, number> = { t: 9, n: 10, r: 13, f: 12, a: 7, e: 27 };
    if (next in simple) {
      this.pos += 2;
      return simple[next];
    }
    let m: RegExpExecArray | null;
    const rest = this.src.slice(at);
    if ((m = /^\\x([0-9a-fA-F]{2})/.exec(rest)) || (m = /^\\x\{([0-9a-fA-F]+)\}/.exec(rest))) {
      const cp = parseInt(m[1], 16);
      if (cp > 0x10ffff) throw new JavaRegexError(at, `"${m[0]}"`, 'is not a code point (Java refuses the pattern)');
      this.pos += m[0].length;
      return cp;
    }
    if ((m = /^\\u([0-9a-fA-F]{4})/.exec(rest))) {
      this.pos += m[0].length;
      let cp = parseInt(m[1], 16);
      const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(this.src.slice(this.pos));
      if (cp >= 0xd800 && cp <= 0xdbff && low) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (parseInt(low[1], 16) - 0xdc00);
        this.pos += low[0].length;
      }
      return cp;
    }
    if (next === '0') {
      m = /^\\0([0-3][0-7]{2}|[0-7]{1,2})/.exec(rest);
      if (!m) throw new JavaRegexError(at, '"\\0"', 'is not followed by an octal digit (Java refuses the pattern)');
      this.pos += m[0].length;
      return parseInt(m[1], 8);
    }
    if (next === 'c') {
      const x = this.src[at + 2];
      if (x === undefined) throw new JavaRegexError(at, '"\\c"', 'is not followed by a character (Java refuses the pattern)');
      this.pos += 3;
      return x.charCodeAt(0) ^ 64;
    }
    if (/[a-zA-Z0-9]/.test(next)) throw new JavaRegexError(at, `"\\${next}"`, 'is not an escape Java knows (Java refuses the pattern)');
    const cp = this.src.codePointAt(at + 1)!;
    this.pos += cp > 0xffff ? 3 : 2;
    return cp;
  }

  property(flags: Flags): string {
    const at = this.pos;
    const negated = this.src[at + 1] === 'P';
    let name: string;
    const m = /^\\[pP]\{([^}]*)\}/.exec(this.src.slice(at));
    if (m) {
      name = m[1];
      this.pos += m[0].length;
    } else if (/[A-Za-z]/.test(this.src[at + 2] ?? '')) {
      name = this.src[at + 2];
      this.pos += 3;
    } else throw new JavaRegexError(at, `"\\${negated ? 'P' : 'p'}"`, 'is not followed by a property name (Java refuses the pattern)');
    const written = `\\${negated ? 'P' : 'p'}{${name}}`;
    const set = propertySet(name);
    if (set === undefined) throw new JavaRegexError(at, `"${written}"`, 'cannot be translated exactly (no JavaScript property matches the same characters)');
    if (flags.i && !CASELESS.has(name)) {
      throw new JavaRegexError(at, `"${written}" under (?i)`, 'cannot be translated exactly (Java\'s case-insensitive matching of a property ' +
        'differs between versions)');
    }
    return negated ? `[^${set}]` : set;
  }

  /** A character class, as a `v`-mode class. */
  charClass(flags: Flags): string {
    const at = this.pos;
    this.pos++;
    let negated = false;
    if (this.src[this.pos] === '^') {
      negated = true;
      this.pos++;
    }
    const operands: string[][] = [[]];
    let first = true;
    let nested = false;
    for (;;) {
      if (flags.x) this.skipSpace(true);
      const c = this.src[this.pos];
      if (c === undefined) throw new JavaRegexError(at, '"["', 'is never closed (Java refuses the pattern)');
      if (c === ']' && !first) {
        this.pos++;
        break;
      }
      first = false;
      const items = operands[operands.length - 1];
      if (c === '[') {
        nested = true;
        items.push(this.charClass(flags));
        continue;
      }
      if (c === '&' && this.src[this.pos + 1] === '&') {
        this.pos += 2;
        operands.push([]);
        continue;
      }
      if (c === '\\') {
        const n = this.src[this.pos + 1];
        if (n === 'Q') {
          this.pos += 2;
          const end = this.src.indexOf('\\E', this.pos);
          const quoted = this.src.slice(this.pos, end < 0 ? undefined : end);
          this.pos = end < 0 ? this.src.length : end + 2;
          for (const ch of quoted) items.push(classChars(ch.codePointAt(0)!, ch.codePointAt(0)!, flags));
          continue;
        }
        if (n !== undefined && SETS[n]) {
          this.pos += 2;
          items.push(SETS[n]);
          continue;
        }
        if (n === 'p' || n === 'P') {
          items.push(this.property(flags));
          continue;
        }
        if (n !== undefined && /[bBAzZGRXNk1-9]/.test(n)) {
          throw new JavaRegexError(this.pos, `"\\${n}" in a class`, 'cannot be translated exactly (Java refuses or reads it otherwise)');
        }
      }
      const lo = this.classChar();
      if (this.src[this.pos] === '-' && this.src[this.pos + 1] !== ']' && this.src[this.pos + 1] !== undefined && this.src[this.pos + 1] !== '[') {
        const dash = this.pos;
        this.pos++;
        if (this.src[this.pos] === '\\' && /[a-zA-Z]/.test(this.src[this.pos + 1]) && !/[tnrfaexuc0]/.test(this.src[this.pos + 1])) {
          throw new JavaRegexError(dash, '"-"', 'ends a range at a set (Java refuses the pattern: illegal character range)');
        }
        const hi = this.classChar();
        if (hi < lo) throw new JavaRegexError(dash, '"-"', 'ends a range lower than it starts (Java refuses the pattern: illegal character range)');
        items.push(classChars(lo, hi, flags));
      } else items.push(classChars(lo, lo, flags));
    }
    if (negated && (nested || operands.length > 1)) {
      throw new JavaRegexError(at, operands.length > 1 ? 'negated class with "&&"' : 'negated class holding a nested class',
        'cannot be translated exactly (Java 8 and Java 9+ read it differently)');
    }
    const union = (items: string[]) => `[${items.join('')}]`;
    if (operands.length === 1) return `[${negated ? '^' : ''}${operands[0].join('')}]`;
    return `[${operands.map(union).join('&&')}]`;
  }

  /** One character of a class (a literal or an escape), consumed; its code point. */
  classChar(): number {
    if (this.src[this.pos] === '\\') return this.escapedChar();
    const cp = this.src.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    return cp;
  }

  /** In (?x) mode: whitespace and `#` comments are not part of the pattern. */
  skipComments(flags: Flags): void {
    if (flags.x) this.skipSpace(false);
  }

  skipSpace(inClass: boolean): void {
    for (;;) {
      const c = this.src[this.pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\x0B' || c === '\f' || c === '\r') this.pos++;
      else if (c === '#') {
        while (this.pos < this.src.length && !'\n\r\u0085\u2028\u2029'.includes(this.src[this.pos])) this.pos++;
      } else return;
      void inClass;
    }
  }
}

const FLAG_NAMES: Record<string, string> = {
  d: 'UNIX_LINES', u: 'UNICODE_CASE', U: 'UNICODE_CHARACTER_CLASS',
};

/** A code point outside a class; under (?i) a US-ASCII letter matches both its cases. */
function literal(cp: number, flags: Flags): string {
  if (flags.i && isAsciiLetter(cp)) return `[${esc(cp)}${esc(cp ^ 0x20)}]`;
  return esc(cp);
}

/** A range lo-hi in a class, with its US-ASCII letters' other case under (?i). */
function classChars(lo: number, hi: number, flags: Flags): string {
  const range = (a: number, b: number) => (a === b ? esc(a) : `${esc(a)}-${esc(b)}`);
  let out = range(lo, hi);
  if (flags.i) {
    for (const [a, z] of [[0x61, 0x7a], [0x41, 0x5a]]) {
      const from = Math.max(lo, a);
      const to = Math.min(hi, z);
      if (from <= to) out += range(from ^ 0x20, to ^ 0x20);
    }
  }
  return out;
}

function isAsciiLetter(cp: number): boolean {
  return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
}

/** A code point as a `v`-mode pattern character that means only itself, in or out of a class. */
function esc(cp: number): string {
  if ((cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a)) return String.fromCodePoint(cp);
  return `\\u{${cp.toString(16)}}`;
}

/** The `v`-mode set a Java property name stands for, or undefined. */
function propertySet(name: string): string | undefined {
  if (POSIX[name]) return POSIX[name];
  if (name.startsWith('In') || /^(blk|block)=/i.test(name)) return undefined; // Unicode blocks: JavaScript has none
  const tryJs = (p: string) => {
    try {
      new RegExp(p, 'v');
      return p;
    } catch {
      return undefined;
    }
  };
  let m: RegExpExecArray | null;
  if ((m = /^(?:sc|script)=(.+)$/i.exec(name))) return tryJs(`\\p{Script=${m[1]}}`);
  if ((m = /^(?:gc|general_category)=(.+)$/i.exec(name))) return tryJs(`\\p{General_Category=${m[1]}}`);
  if (name.startsWith('Is')) {
    const bare = name.slice(2);
    const binary = JAVA_BINARY[bare.toLowerCase().replace(/[_\s-]/g, '')];
    if (binary) return binary;
    return /^[A-Z][a-z&]?$/.test(bare) ? tryJs(`\\p{General_Category=${bare}}`) : tryJs(`\\p{Script=${bare}}`);
  }
  if (/^[A-Z][a-z&]?$/.test(name)) return tryJs(`\\p{General_Category=${name}}`);
  return undefined;
}

/**
 * How a validate message goes on after the quoted pattern: ` is not a valid regular expression:
 * "(" at offset 0 is never closed…` for a pattern Java refuses too, `: possessive quantifier "*+"
 * at offset 3 cannot be translated exactly…` for one beancrawl cannot translate.
 */
export function regexProblem(e: unknown): string {
  if (e instanceof JavaRegexError) return `${e.invalid ? ' is not a valid regular expression' : ''}: ${e.construct} at offset ${e.offset} ${e.problem}`;
  const message = (e as Error).message ?? String(e);
  const colon = message.lastIndexOf(': ');
  return ` is not a valid regular expression: ${colon >= 0 ? message.slice(colon + 2) : message}`;
}
