import { Parser, type Handler } from 'htmlparser2';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { Hop } from '../../model/hop.js';
import { addCssLinks, cssLinkSteps } from './add-css-links.js';
import { jsLinkSteps } from './add-js-links.js';
import { classifyLinkRel, hasRelKeyword, type EmbedRel } from './link-rel.js';
import { metaRefreshUrl } from './meta-refresh-url.js';
import { OutlinkSink } from './outlink-sink.js';
import type { ParseSteps } from './parse-budget.js';
import { parseSrcset } from './parse-srcset.js';
import { hasNofollowDirective } from './robots-directives.js';
import { isLikelyJsUrl } from './likely-js-url.js';

/** What the collector reads and sets of the page it parses: a CrawlUri, or a thread's stand-in for one. */
export type LinkTarget = Pick<CrawlUri, 'uri' | 'outlinks' | 'noFollow'>;

/** The ExtractorHtml properties that decide which links count. */
export interface HtmlLinkOptions {
  readonly treatFramesAsEmbedLinks: boolean;
  readonly ignoreFormActionUrls: boolean;
  readonly extractOnlyFormGets: boolean;
  readonly obeyRelNofollow: boolean;
  /** Read inline `<script>` text for likely URLs (ExtractorHtml.extractJavascript); absent, false. */
  readonly extractJavascript?: boolean;
  /** Take `value` attributes that are very likely URLs (ExtractorHtml.extractValueAttributes); absent, false. */
  readonly extractValueAttributes?: boolean;
}

/** Heritrix's contexts for `<link>` embeds, by rel keyword. */
const LINK_EMBED_CONTEXTS: Record<EmbedRel, string> = {
  icon: "link[rel='icon']/@href",
  stylesheet: "link[rel='stylesheet']/@href",
  modulepreload: "link[rel='modulepreload']/@href",
  prefetch: "link[rel='prefetch']/@href",
  prerender: "link[rel='prerender']/@href",
};

/** Characters of HTML fed to the parser in one step. */
const CHUNK = 16 * 1024;

/**
 * htmlparser2 10.1's Parser keeps the open elements in `stack` (innermost first) and the
 * foreign-content flags (svg, math) in `foreignContext`, and `unshift`s each open tag onto them:
 * O(depth) a tag, O(n²) for n nested elements (7 s for 100,000 unclosed divs, 32 s for 100,000
 * unclosed `<table><tr><td>`). The collector bounds both arrays from its open-tag callback
 * (which the parser calls right after the unshift): beyond `maxElementDepth`, the outermost entries
 * are forgotten. The innermost ones, which implied closes and the end of `<style>` and `<script>`
 * are decided by, are always kept; a forgotten element's end tag closes nothing, which changes no
 * link. Not a public interface: checked when the collector is made, and by a test of deep pages.
 */
interface ParserInternals {
  readonly stack: string[];
  readonly foreignContext: boolean[];
}

function internalsOf(parser: Parser): ParserInternals {
  const internals = parser as unknown as Partial<ParserInternals>;
  if (!Array.isArray(internals.stack) || !Array.isArray(internals.foreignContext)) {
    throw new Error('htmlparser2\'s Parser no longer keeps its open elements in stack and foreignContext: html-link-collector.ts must bound its ' +
      'depth another way');
  }
  return internals as ParserInternals;
}

/** The depth bound when the caller gives none (ExtractorHtml.maxElementDepth's default). */
const DEFAULT_MAX_DEPTH = 512;

/**
 * Finds an HTML document's links with htmlparser2's streaming tokenizer: no DOM, no object per
 * tag. The few attributes that can carry a link are kept in slots while a tag's attributes
 * stream by, and the tag is handled when the next one opens (or the document ends), so tags are
 * seen in document order. Script and style text and comments are never tokenised as tags.
 * Style text and `style` attributes are read as CSS, and script text (with extractJavascript)
 * for likely URLs: the parser's text and close-tag callbacks are set only while a `<style>` or
 * `<script>` is open, so pages pay for them only there.
 * The document is parsed in steps (parse-budget.ts): CHUNK characters are fed to the parser at a
 * time, and the parser is paused at the end of each `<style>` or `<script>` (and after a
 * `style` attribute longer than CHUNK) while its text is read in steps of its own. The parser's depth is bounded (ParserInternals). One collector parses
 * one document at a time; ExtractorHtml keeps one per document in flight.
 */
export class HtmlLinkCollector {
  readonly #parser: Parser;
  readonly #internals: ParserInternals;
  #maxDepth = DEFAULT_MAX_DEPTH;
  #curi: LinkTarget | undefined;
  #sink: OutlinkSink | undefined;
  #options: HtmlLinkOptions | undefined;
  #obeyMetaRobots = true;
  #base = '';
  #hasBase = false;
  #stopped = false;
  #tag = '';
  #pending = false;
  #href: string | undefined;
  #src: string | undefined;
  #srcset: string | undefined;
  #rel: string | undefined;
  #action: string | undefined;
  #method: string | undefined;
  #content: string | undefined;
  #name: string | undefined;
  #httpEquiv: string | undefined;
  #background: string | undefined;
  #data: string | undefined;
  #cite: string | undefined;
  #poster: string | undefined;
  #dataSrc: string | undefined;
  #dataSrcset: string | undefined;
  #imagesrcset: string | undefined;
  #value: string | undefined;
  #style: string | undefined;
  /** The raw-text element being read (`style`, or `script` with extractJavascript), and its text so far. */
  #rawTag: string | undefined;
  #rawText = '';
  /** Style or script text to read, in steps, before the parser goes on: a raw-text element's, or a long `style` attribute's. */
  readonly #deferred: Array<{ readonly name: string; readonly text: string }> = [];
  /** The parser is paused until #deferred is read. */
  #paused = false;
  /** The document's end was given to the parser: a raw-text element ending now is read after it, without pausing it. */
  #ending = false;
  /** The parser's callbacks; ontext and onclosetag are set only while a raw-text element is read. */
  readonly #callbacks: Partial<Handler>;

  constructor() {
    this.#callbacks = {
      onopentagname: (name) => this.#openTag(name),
      onattribute: (name, value) => this.#attribute(name, value),
      onend: () => this.#end(),
      ontext: undefined,
      onclosetag: undefined,
    };
    this.#parser = new Parser(this.#callbacks, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true });
    this.#internals = internalsOf(this.#parser);
  }

  /**
   * Steps (parse-budget.ts) that add the links of `html` to `curi.outlinks`, resolved against
   * `curi.uri` (or the first `<base href>` once seen). A `<meta name="robots">` saying nofollow or
   * none sets `curi.noFollow` when `obeyMetaRobots`, and ends extraction there, as in Heritrix.
   * Each step feeds the parser CHUNK characters, or reads some of a style sheet or script. Cut
   * short (`return()`), it leaves the links found so far and the collector ready for the next document.
   */
  *steps(curi: LinkTarget, html: string, options: HtmlLinkOptions, obeyMetaRobots: boolean, maxDepth = DEFAULT_MAX_DEPTH): ParseSteps {
    this.#curi = curi;
    this.#sink = new OutlinkSink(curi.outlinks);
    this.#options = options;
    this.#obeyMetaRobots = obeyMetaRobots;
    this.#maxDepth = maxDepth;
    this.#base = curi.uri;
    this.#hasBase = false;
    this.#stopped = false;
    this.#ending = false;
    try {
      for (let at = 0; at < html.length; at += CHUNK) {
        this.#parser.write(html.length <= CHUNK ? html : html.slice(at, at + CHUNK));
        yield* this.#deferredSteps();
        if (this.#stopped) return;
        if (at + CHUNK < html.length) yield;
      }
      this.#ending = true;
      this.#parser.end();
      yield* this.#deferredSteps();
    } finally {
      resetParser(this.#parser);
      this.#clear();
      this.#endRawText();
      this.#deferred.length = 0;
      this.#paused = false;
      this.#curi = this.#sink = this.#options = undefined;
    }
  }

  /** Reads the style and script text put off, in steps, then lets the parser go on (it may put off more). */
  *#deferredSteps(): ParseSteps {
    while (this.#deferred.length > 0 && !this.#stopped) {
      const { name, text } = this.#deferred.shift()!;
      if (text.length > 0) yield* name === 'style' ? cssLinkSteps(this.#sink!, text, this.#base) : jsLinkSteps(this.#sink!, text, this.#base);
      if (this.#deferred.length === 0 && this.#paused && !this.#stopped) {
        this.#paused = false;
        this.#parser.resume();
      }
    }
  }

  /** Puts off reading `text` (as CSS: `style`, or as script) until the parser has stopped, pausing it unless the document is ending. */
  #defer(name: string, text: string): void {
    this.#deferred.push({ name, text });
    if (!this.#ending && !this.#paused) {
      this.#paused = true;
      this.#parser.pause();
    }
  }

  #openTag(name: string): void {
    if (this.#pending) this.#flush();
    this.#tag = name;
    if (name === 'style' || (name === 'script' && this.#options!.extractJavascript === true)) this.#startRawText(name);
    // The parser has just unshifted this element: forget the outermost beyond the bound (ParserInternals).
    const { stack, foreignContext } = this.#internals;
    if (stack.length > this.#maxDepth) stack.length = this.#maxDepth;
    if (foreignContext.length > this.#maxDepth) foreignContext.length = this.#maxDepth;
  }

  #end(): void {
    this.#flush();
    if (this.#rawTag !== undefined) this.#rawTextElement(this.#rawTag);
  }

  #startRawText(name: string): void {
    this.#rawTag = name;
    this.#rawText = '';
    this.#callbacks.ontext = this.#onText;
    this.#callbacks.onclosetag = this.#onCloseTag;
  }

  readonly #onText = (text: string): void => {
    this.#rawText += text;
  };

  readonly #onCloseTag = (name: string): void => {
    if (name === this.#rawTag) this.#rawTextElement(name);
  };

  /**
   * A `<style>` or `<script>` element ended (or the document did): its text is read as CSS or as
   * script by the steps, and the parser waits for that (paused), unless the document is ending.
   */
  #rawTextElement(name: string): void {
    const text = this.#rawText;
    this.#endRawText();
    if (!this.#stopped) this.#defer(name, text);
  }

  #endRawText(): void {
    this.#rawTag = undefined;
    this.#rawText = '';
    this.#callbacks.ontext = undefined;
    this.#callbacks.onclosetag = undefined;
  }

  #attribute(name: string, value: string): void {
    switch (name) {
      case 'href': this.#href ??= value; break;
      case 'src': this.#src ??= value; break;
      case 'srcset': this.#srcset ??= value; break;
      case 'rel': this.#rel ??= value; break;
      case 'action': this.#action ??= value; break;
      case 'method': this.#method ??= value; break;
      case 'content': this.#content ??= value; break;
      case 'name': this.#name ??= value; break;
      case 'http-equiv': this.#httpEquiv ??= value; break;
      case 'background': this.#background ??= value; break;
      case 'data': this.#data ??= value; break;
      case 'cite': this.#cite ??= value; break;
      case 'poster': this.#poster ??= value; break;
      case 'data-src': this.#dataSrc ??= value; break;
      case 'data-srcset': this.#dataSrcset ??= value; break;
      case 'imagesrcset': this.#imagesrcset ??= value; break;
      case 'value': this.#value ??= value; break;
      case 'style':
        if (value.indexOf('(') < 0) return; // no url(): nothing to read, and no flush to pay for
        this.#style ??= value;
        break;
      default: return;
    }
    this.#pending = true;
  }

  /** Handles the tag whose attributes were just read. */
  #flush(): void {
    if (!this.#pending || this.#stopped) return;
    const tag = this.#tag;
    switch (tag) {
      case 'a':
      case 'area': this.#anchor(tag); break;
      case 'link': this.#linkElement(); break;
      case 'base': this.#baseElement(); break;
      case 'form': this.#formElement(); break;
      case 'meta': this.#metaElement(); break;
      default: if (this.#href !== undefined) this.#add(this.#href, Hop.LINK, tag + '/@href');
    }
    if (!this.#stopped) this.#embeds(tag);
    this.#clear();
  }

  /** `a`/`area` href: L, unless obeyRelNofollow and rel holds nofollow. */
  #anchor(tag: 'a' | 'area'): void {
    const href = this.#href;
    if (href === undefined) return;
    if (this.#rel !== undefined && this.#options!.obeyRelNofollow && hasRelKeyword(this.#rel, 'nofollow')) return;
    this.#add(href, Hop.LINK, tag === 'a' ? 'a/@href' : 'area/@href');
  }

  /** `link` href, followed by its rel (Heritrix's processLinkTagWithRel); without rel, not at all. */
  #linkElement(): void {
    if (this.#href === undefined || this.#rel === undefined) return;
    const kind = classifyLinkRel(this.#rel);
    if (kind === 'link') this.#add(this.#href, Hop.LINK, 'link/@href');
    else if (kind !== 'none') this.#add(this.#href, Hop.EMBED, LINK_EMBED_CONTEXTS[kind]);
  }

  /** The first `base href` becomes the base of every later link; like Heritrix, it is a link too. */
  #baseElement(): void {
    const href = this.#href;
    if (href === undefined) return;
    this.#add(href, Hop.LINK, 'base/@href');
    if (this.#hasBase) return;
    this.#hasBase = true;
    const base = resolveBase(href, this.#base);
    if (base !== undefined) this.#base = base;
  }

  /** `form action`: L, when actions are wanted, and only for GET forms when extractOnlyFormGets. */
  #formElement(): void {
    const action = this.#action;
    const options = this.#options!;
    if (action === undefined || options.ignoreFormActionUrls) return;
    if (options.extractOnlyFormGets && !isGetMethod(this.#method)) return;
    this.#add(action, Hop.LINK, 'form/@action');
  }

  /** `meta name=robots` (nofollow/none ends extraction) and `meta http-equiv=refresh` (R, context `meta`). */
  #metaElement(): void {
    const content = this.#content;
    if (content === undefined) return;
    if (this.#name !== undefined && this.#name.toLowerCase() === 'robots') {
      if (this.#obeyMetaRobots && hasNofollowDirective(content)) this.#stop();
    } else if (this.#httpEquiv !== undefined && this.#httpEquiv.trim().toLowerCase() === 'refresh') {
      const url = metaRefreshUrl(content);
      if (url !== undefined) this.#add(url, Hop.REFER, 'meta');
    }
  }

  /** Attributes that embed a resource (and `cite`, a link), on whatever element carries them, as Heritrix reads them. */
  #embeds(tag: string): void {
    if (this.#cite !== undefined) this.#add(this.#cite, Hop.LINK, tag + '/@cite');
    if (this.#src !== undefined) this.#add(this.#src, this.#srcHop(tag), tag === 'img' ? 'img/@src' : tag + '/@src');
    if (this.#srcset !== undefined) this.#addSrcset(this.#srcset, tag === 'img' ? 'img/@srcset' : tag + '/@srcset');
    if (this.#background !== undefined) this.#add(this.#background, Hop.EMBED, tag + '/@background');
    if (this.#data !== undefined && tag === 'object') this.#add(this.#data, Hop.EMBED, 'object');
    if (this.#poster !== undefined) this.#add(this.#poster, Hop.EMBED, tag + '/@poster');
    if (this.#dataSrc !== undefined) this.#add(this.#dataSrc, Hop.EMBED, tag + '/@data-src');
    if (this.#dataSrcset !== undefined) this.#addSrcset(this.#dataSrcset, tag + '/@data-srcset');
    if (this.#imagesrcset !== undefined) this.#addSrcset(this.#imagesrcset, tag + '/@imagesrcset');
    if (this.#style !== undefined) {
      // A long one is read in steps, as a style element is; a short one (nearly all) at once.
      if (this.#style.length > CHUNK) this.#defer('style', this.#style);
      else addCssLinks(this.#sink!, this.#style, this.#base);
    }
    if (this.#value !== undefined && this.#options!.extractValueAttributes === true) this.#valueAttribute(tag, this.#value);
  }

  /**
   * Heritrix's extractValueAttributes: a `value` (a hidden form field's, say) that is very likely
   * a URL is a link (L, `input/@value`). "Very likely" is ExtractorJs's test, an absolute http(s)
   * URL or a root-relative path, narrower than Heritrix's, which also takes relative paths and so
   * requests junk. `<param name="flashvars">` is Flash's query string, not a URL, and is skipped.
   */
  #valueAttribute(tag: string, value: string): void {
    if (tag === 'param' && this.#name?.toLowerCase() === 'flashvars') return;
    const candidate = value.trim();
    if (isLikelyJsUrl(candidate)) this.#add(candidate, Hop.LINK, tag + '/@value');
  }

  /** E, except frames when treatFramesAsEmbedLinks is off. */
  #srcHop(tag: string): Hop {
    return (tag === 'iframe' || tag === 'frame') && !this.#options!.treatFramesAsEmbedLinks ? Hop.LINK : Hop.EMBED;
  }

  #addSrcset(value: string, context: string): void {
    for (const url of parseSrcset(value)) this.#add(url, Hop.EMBED, context);
  }

  #add(href: string, hop: Hop, context: string): void {
    this.#sink!.add(href, this.#base, hop, context);
  }

  /** Meta robots said nofollow: no link after this one is taken. */
  #stop(): void {
    this.#curi!.noFollow = true;
    this.#stopped = true;
    this.#parser.pause();
  }

  #clear(): void {
    this.#pending = false;
    this.#href = this.#src = this.#srcset = this.#rel = this.#action = this.#method = this.#content = this.#name = undefined;
    this.#httpEquiv = this.#background = this.#data = this.#cite = this.#poster = this.#dataSrc = this.#dataSrcset = this.#imagesrcset = undefined;
    this.#value = undefined;
    this.#style = undefined;
  }
}

/**
 * Resets the parser for the next document. htmlparser2 10.1's reset leaves its tokenizer's
 * raw-text flag set when a document ended inside `<script>`, `<style>`, `<title>` or
 * `<textarea>` (a page cut short, say), and every later document then throws in the tokenizer;
 * the flag is cleared by hand.
 */
function resetParser(parser: Parser): void {
  parser.reset();
  const tokenizer = (parser as unknown as { tokenizer?: { isSpecial?: boolean } }).tokenizer;
  if (tokenizer !== undefined && tokenizer.isSpecial === true) tokenizer.isSpecial = false;
}

/** The base a `<base href>` sets: resolved against the document's URL, fragment dropped; undefined when unusable. */
function resolveBase(href: string, documentUri: string): string | undefined {
  try {
    const url = new URL(href, documentUri);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'file:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A form's method is GET when absent, empty, invalid or `get` (HTML's invalid value default is GET). */
function isGetMethod(method: string | undefined): boolean {
  if (method === undefined) return true;
  const m = method.trim().toLowerCase();
  return m !== 'post' && m !== 'dialog';
}
