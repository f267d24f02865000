import { coerceHttpsToHttp, impliedSurtPrefix } from './implied-surt-prefix.js';
import { PrefixTrie } from './prefix-trie.js';
import { surt } from './surt.js';

/** Heritrix's seed/surts-file line grammar: blank and `#` lines are skipped; `entry [# comment]` yields entry. */
const IGNORED_LINE = /^[ \t\n\x0B\f\r]*(?:#.*)?$/;
const ENTRY_LINE = /^[ \t\n\x0B\f\r\uFEFF]*([^ \t\n\x0B\f\r]+)[ \t\n\x0B\f\r]*(?:#.*)?$/;
const LINE_BREAK = /\r\n|\r|\n/;

/**
 * The SURT prefixes that decide scope (Heritrix's `SurtPrefixSet`). Redundant entries, those a
 * shorter entry already prefixes, are dropped. `https://` is compared as `http://` on both sides.
 * Lookups walk a radix tree: time grows with the URL's length, not with the number of prefixes.
 */
export class SurtPrefixSet implements Iterable<string> {
  readonly #prefixes = new PrefixTrie();

  get size(): number {
    return this.#prefixes.size;
  }

  /** Adds a literal SURT prefix. True if the set changed. */
  add(surtPrefix: string): boolean {
    return this.#prefixes.add(coerceHttpsToHttp(surtPrefix));
  }

  /** Adds the prefix a plain URL or host implies (`example.org/a/b` → `http://(org,example,)/a/`). */
  addFromPlain(plain: string): boolean {
    return this.add(impliedSurtPrefix(plain));
  }

  /**
   * Reads the value of a `+` (or `-`) directive: a value containing '(' after its first character
   * is a literal SURT prefix, lower-cased; anything else is a URL or host whose implied prefix is
   * added. An empty value is refused (false).
   */
  considerAsAddDirective(value: string): boolean {
    const v = value.trim();
    if (v.length === 0) return false;
    if (v.indexOf('(') > 0) this.add(v.toLowerCase());
    else this.addFromPlain(v);
    return true;
  }

  /**
   * A seed-file line that is not a seed: applied when it starts with `directive` (`+` for a rule
   * that ACCEPTs, `-` for one that REJECTs, as Heritrix's SurtPrefixedDecideRule reads them).
   */
  considerAsDirective(line: string, directive: '+' | '-' = '+'): boolean {
    return line.startsWith(directive) && this.considerAsAddDirective(line.slice(1));
  }

  /**
   * Imports a surts source file: `+` lines are directives; other entries, when `deduceFromSeeds`,
   * add the prefix they imply. A BOM, blank lines, `#` comments and lines of several words are skipped.
   */
  importFromMixed(text: string, deduceFromSeeds = true): void {
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    for (const line of body.split(LINE_BREAK)) {
      if (IGNORED_LINE.test(line)) continue;
      const entry = ENTRY_LINE.exec(line)?.[1];
      if (entry === undefined || this.considerAsDirective(entry)) continue;
      if (deduceFromSeeds) this.addFromPlain(entry);
    }
  }

  /** True when an entry prefixes the given SURT string (the caller coerces https). */
  containsPrefixOf(surtString: string): boolean {
    return this.#prefixes.containsPrefixOf(surtString);
  }

  /** Is this (normalised) URL in scope: is its SURT, https read as http, prefixed by an entry? */
  coversUrl(url: string): boolean {
    return this.#prefixes.containsPrefixOf(coerceHttpsToHttp(surt(url)));
  }

  [Symbol.iterator](): IterableIterator<string> {
    return this.#prefixes[Symbol.iterator]();
  }

  /** One prefix a line, sorted, as Heritrix writes `surts.dump`. */
  dump(): string {
    let out = '';
    for (const prefix of this) out += prefix + '\n';
    return out;
  }
}
