import { drain, type ParseSteps } from './parse-budget.js';

/** One entry of a sitemap: a `<url>` of a urlset, or a `<sitemap>` of a sitemap index. */
export interface SitemapEntry {
  /** The entry's element: `url` in a urlset, `sitemap` in a sitemap index. */
  readonly tag: 'url' | 'sitemap';
  readonly loc: string;
  readonly lastmod?: string;
}

/** Gets each entry in document order; returning false stops the scan. */
export type SitemapEntryHandler = (entry: SitemapEntry) => boolean;

/**
 * Reads a sitemap (`<urlset><url><loc>`) or a sitemap index (`<sitemapindex><sitemap><loc>`),
 * with each entry's `<lastmod>`, and returns the local name of the document's root element
 * (undefined when there is none: not XML). A root other than `urlset` or `sitemapindex` ends the
 * scan at once. Element names are matched without namespace prefix; entities and CDATA sections
 * are decoded; elements of extensions (`image:loc` inside `image:image`) are not entries.
 * Forgiving as crawler-commons is with partial parsing: a document cut short or broken gives the
 * entries read before the break, and an entry missing its end tag ends where the next begins.
 */
export function scanSitemap(xml: string, onEntry: SitemapEntryHandler, maxDepth = DEFAULT_MAX_DEPTH): string | undefined {
  return drain(scanSitemapSteps(xml, onEntry, maxDepth));
}

/**
 * scanSitemap as steps (parse-budget.ts), for documents of any size: a step is at most
 * MARKUP_A_STEP tags. At most `maxDepth` open elements are tracked; one deeper (no sitemap
 * entry is) is counted, not kept, and the next end tag closes it, as in well-formed XML.
 */
export function scanSitemapSteps(xml: string, onEntry: SitemapEntryHandler, maxDepth = DEFAULT_MAX_DEPTH): ParseSteps<string | undefined> {
  return new SitemapScan(xml, onEntry, Math.max(maxDepth, MIN_DEPTH)).steps();
}

/** Tags read between two yields. */
const MARKUP_A_STEP = 256;

/** The depth tracked when the caller says nothing (ExtractorSitemap.maxElementDepth's default). */
const DEFAULT_MAX_DEPTH = 512;

/** An entry's `<loc>` lies at depth 3 (root, entry, loc): fewer tracked levels could read none. */
const MIN_DEPTH = 3;

class SitemapScan {
  #pos = 0;
  readonly #stack: string[] = [];
  #root: string | undefined;
  #entryTag: 'url' | 'sitemap' = 'url';
  #inEntry = false;
  #capture: 'loc' | 'lastmod' | undefined;
  #text = '';
  #loc: string | undefined;
  #lastmod: string | undefined;
  #stopped = false;
  /** Open elements deeper than maxDepth: counted, not kept. */
  #untracked = 0;

  constructor(
    private readonly xml: string,
    private readonly onEntry: SitemapEntryHandler,
    private readonly maxDepth: number,
  ) {}

  *steps(): ParseSteps<string | undefined> {
    const xml = this.xml;
    let markup = 0;
    while (!this.#stopped) {
      const lt = xml.indexOf('<', this.#pos);
      const textEnd = lt < 0 ? xml.length : lt;
      if (this.#capture !== undefined && textEnd > this.#pos) this.#text += decodeXmlEntities(xml.slice(this.#pos, textEnd));
      if (lt < 0) break;
      this.#pos = this.#markup(lt);
      if (++markup === MARKUP_A_STEP) {
        markup = 0;
        yield;
      }
    }
    this.#emit();
    return this.#root;
  }

  /** Handles the markup at `lt`; returns the index after it. */
  #markup(lt: number): number {
    const xml = this.xml;
    const c = xml.charCodeAt(lt + 1);
    if (c === SLASH) return this.#endTag(lt);
    if (c === QUESTION) return after(xml, '?>', lt + 2);
    if (c !== BANG) return this.#startTag(lt);
    if (xml.startsWith('<!--', lt)) return after(xml, '-->', lt + 4);
    if (!xml.startsWith('<![CDATA[', lt)) return declarationEnd(xml, lt);
    const close = xml.indexOf(']]>', lt + 9);
    if (this.#capture !== undefined) this.#text += xml.slice(lt + 9, close < 0 ? xml.length : close);
    return close < 0 ? xml.length : close + 3;
  }

  #startTag(lt: number): number {
    const xml = this.xml;
    // The name first: a `<` that opens no tag costs no search for a tag end (which `< "` over and over would make quadratic).
    const name = localName(xml, lt + 1, xml.length);
    if (name === '') return lt + 1;
    const end = tagEnd(xml, lt + 1);
    this.#open(name);
    const selfClosing = xml.charCodeAt(end - 1) === SLASH;
    if (this.#stack.length >= this.maxDepth || this.#untracked > 0) {
      if (!selfClosing) this.#untracked++;
    } else {
      this.#stack.push(name);
      if (selfClosing) this.#close(this.#stack.length - 1);
    }
    return end + 1;
  }

  #endTag(lt: number): number {
    const xml = this.xml;
    const gt = xml.indexOf('>', lt + 2);
    const end = gt < 0 ? xml.length : gt;
    if (this.#untracked > 0) {
      this.#untracked--;
      return end + 1;
    }
    const at = this.#stack.lastIndexOf(localName(xml, lt + 2, end));
    if (at >= 0) this.#close(at);
    return end + 1;
  }

  /** An element opens at depth `#stack.length`: the root, an entry, or an entry's loc or lastmod. */
  #open(name: string): void {
    if (name === this.#entryTag && this.#inEntry && this.#stack.length > 1) this.#close(1);
    const depth = this.#stack.length;
    if (depth === 0) {
      if (this.#root !== undefined) return;
      this.#root = name;
      if (name === 'urlset' || name === 'sitemapindex') this.#entryTag = name === 'urlset' ? 'url' : 'sitemap';
      else this.#stopped = true;
    } else if (depth === 1 && name === this.#entryTag) {
      this.#emit();
      this.#inEntry = true;
    } else if (depth === 2 && this.#inEntry && (name === 'loc' || name === 'lastmod')) {
      if (name === 'loc' && this.#loc !== undefined) this.#emit(true);
      this.#capture = name;
      this.#text = '';
    }
  }

  /** The element at stack index `at` closes, and every one opened inside it. */
  #close(at: number): void {
    if (this.#capture !== undefined && at <= 2) {
      const value = this.#text.trim();
      if (this.#capture === 'loc') this.#loc = value;
      else this.#lastmod = value;
      this.#capture = undefined;
      this.#text = '';
    }
    if (at <= 1) this.#emit();
    this.#stack.length = at;
    this.#untracked = 0;
  }

  /** Hands the entry read so far to the handler; `keepOpen` when a second loc starts inside the same entry. */
  #emit(keepOpen = false): void {
    if (this.#inEntry && !this.#stopped && this.#loc) {
      const lastmod = this.#lastmod || undefined;
      const entry = lastmod === undefined ? { tag: this.#entryTag, loc: this.#loc } : { tag: this.#entryTag, loc: this.#loc, lastmod };
      if (!this.onEntry(entry)) this.#stopped = true;
    }
    this.#loc = this.#lastmod = undefined;
    this.#inEntry = keepOpen;
  }
}

/** The index after the next `token` from `from`, or the end of the text. */
function after(xml: string, token: string, from: number): number {
  const i = xml.indexOf(token, from);
  return i < 0 ? xml.length : i + token.length;
}

/** The end of a `<!...>` declaration (a DOCTYPE, with its internal subset in brackets if any). */
function declarationEnd(xml: string, lt: number): number {
  const gt = xml.indexOf('>', lt);
  const bracket = xml.indexOf('[', lt);
  if (bracket >= 0 && (gt < 0 || bracket < gt)) return after(xml, ']>', bracket);
  return gt < 0 ? xml.length : gt + 1;
}

/** The index of the `>` closing a start tag (quoted attribute values may hold one), or the end of the text. */
function tagEnd(xml: string, from: number): number {
  let quote = 0;
  for (let i = from; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === GT) return i;
    else if (c === QUOTE || c === APOSTROPHE) quote = c;
  }
  return xml.length;
}

/** The name starting at `from` (up to a blank, `/`, `>` or `end`), without its namespace prefix. */
function localName(xml: string, from: number, end: number): string {
  let i = from;
  let start = from;
  for (; i < end; i++) {
    const c = xml.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === SLASH || c === GT) break;
    if (c === COLON) start = i + 1;
  }
  return xml.slice(start, i);
}

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's five named entities and character references; anything else is left as written. */
export function decodeXmlEntities(s: string): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(ENTITY, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name];
    const cp = dec !== undefined ? parseInt(dec, 10) : parseInt(hex!, 16);
    return cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : whole;
  });
}

const SLASH = 0x2f;
const QUESTION = 0x3f;
const BANG = 0x21;
const GT = 0x3e;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const COLON = 0x3a;
