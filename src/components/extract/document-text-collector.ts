import { Parser } from 'htmlparser2';
import type { ParseSteps } from './parse-budget.js';

/** Characters fed to the parser a step. */
const CHUNK = 64 * 1024;

/** Where a line of text ends, among the text pieces (a control character: a stray one in a page only ends a line there). */
const LINE_END = '\u0001';
const SPACES = /\s+/g;
/** A line end with the space around it, and the text's first and last space. */
const LINE_ENDS = /^ | ?\u0001+ ?| $/;

/** Elements whose content is never readable text. */
const NOT_TEXT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'embed', 'canvas', 'select', 'button']);
/** Navigation boilerplate: left out wherever it is. */
const BOILERPLATE = new Set(['nav', 'aside', 'menu', 'dialog']);
/** A page's banner and footer: left out unless inside an article or the main content, where they are the article's own. */
const PAGE_FRAME = new Set(['header', 'footer']);
/** ARIA landmarks of boilerplate. */
const BOILERPLATE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu', 'menubar', 'toolbar', 'dialog', 'alert']);
/** Elements that end a line of text (a paragraph, a cell, an item). */
const BLOCK = new Set([
  'p', 'div', 'br', 'hr', 'li', 'dt', 'dd', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'td', 'th', 'table', 'thead', 'tbody', 'tfoot',
  'caption', 'ul', 'ol', 'dl', 'section', 'article', 'main', 'blockquote', 'pre', 'address', 'figure', 'figcaption', 'form', 'fieldset',
  'legend', 'details', 'summary', 'title', 'body', 'html', 'header', 'footer', 'option',
]);

/** The attributes of an element the collector reads. */
interface Attributes {
  role?: string;
  hidden?: string;
  'aria-hidden'?: string;
  lang?: string;
  name?: string;
  property?: string;
  'http-equiv'?: string;
  content?: string;
}

/** What a document's markup gives a search index. */
export interface CollectedText {
  readonly title?: string;
  readonly text: string;
  readonly language?: string;
  readonly meta: Record<string, string>;
  /** The text reached maxTextChars and was cut there. */
  readonly cut: boolean;
}

/**
 * The readable text of an HTML or XML document, read by htmlparser2's streaming parser in steps
 * (parse-budget.ts), and what its head declares. The rule for HTML, documented in the
 * ExtractorDocument description: the content of script, style, noscript, template, svg, math,
 * iframe, object, embed, canvas, select, button and head is not text; nav, aside, menu and dialog
 * elements and the ARIA landmarks navigation, banner, contentinfo, complementary, search (with
 * menus, toolbars, dialogs and alerts) are boilerplate and left out, as are elements `hidden` or
 * `aria-hidden="true"`; header and footer are left out unless inside an article or main. Block
 * elements end a line; white space is collapsed to one space and blank lines dropped. XML
 * (xmlMode) keeps the text of every element.
 */
export class DocumentTextCollector {
  /** The text as read: text pieces, and LINE_END where a block ends; white space is collapsed once, at the end. */
  readonly #parts: string[] = [];
  /** Characters of text pieces read: once far past maxTextChars (white space yet to collapse), the rest is not read. */
  #chars = 0;
  #cut = false;
  #skip = 0;
  /** Open elements (not skipped): whether each is an article or the main content. */
  readonly #open_: boolean[] = [];
  #content = 0;
  #inHead = false;
  #inTitle = false;
  #title: string | undefined;
  #titleText = '';
  #language: string | undefined;
  #meta: Record<string, string> = {};

  constructor(readonly maxTextChars: number) {}

  /** Steps that read `markup` (as XML when `xml`); `result()` gives what they read, all of it or as far as they got when cut. */
  /** Steps that read `markup` (as XML when `xml`); `result()` gives what they read, all of it or as far as they got when cut. */
  *steps(markup: string, xml: boolean): ParseSteps {
    // Tag names and the few attributes read, not onopentag: the parser then builds no attribute object per element.
    const parser = new Parser({
      onopentagname: (name) => {
        if (this.#pending !== undefined) this.#flush(xml);
        this.#pending = name;
      },
      onattribute: (name, value) => this.#attribute(name, value),
      onclosetag: (name) => {
        if (this.#pending !== undefined) this.#flush(xml);
        this.#close(name, xml);
      },
      ontext: (text) => {
        if (this.#pending !== undefined) this.#flush(xml);
        this.#text(text);
      },
    }, { xmlMode: xml, lowerCaseTags: !xml, lowerCaseAttributeNames: !xml, decodeEntities: true, recognizeSelfClosing: xml });
    for (let at = 0; at < markup.length; at += CHUNK) {
      parser.write(markup.length <= CHUNK ? markup : markup.slice(at, at + CHUNK));
      if (this.#cut) return;
      if (at + CHUNK < markup.length) yield;
    }
    parser.end();
    if (this.#pending !== undefined) this.#flush(xml);
  }

  result(): CollectedText {
    this.#endLine();
    if (this.#inTitle) this.#title = this.#titleText.replace(/\s+/g, ' ').trim();
    return {
      ...(this.#title !== undefined ? { title: this.#title } : {}), text: this.#text_(),
      ...(this.#language ? { language: this.#language } : {}), meta: this.#meta, cut: this.#cut,
    };
  }

  /** The element whose start tag is being read, and the attributes read of it so far. */
  #pending: string | undefined;
  readonly #attribs: Attributes = {};

  #attribute(name: string, value: string): void {
    if (this.#pending === undefined) return;
    switch (name) {
      case 'role': case 'hidden': case 'aria-hidden': case 'lang': case 'name': case 'property': case 'http-equiv': case 'content':
        this.#attribs[name] ??= value;
    }
  }

  #flush(xml: boolean): void {
    const name = this.#pending!;
    this.#pending = undefined;
    const attribs = this.#attribs;
    this.#open(name, attribs, xml);
    for (const key in attribs) delete attribs[key as keyof Attributes];
  }

  #open(name: string, attribs: Attributes, xml: boolean): void {
    if (this.#skip > 0) {
      this.#skip++;
      return;
    }
    if (name === 'title' && this.#title === undefined) {
      this.#inTitle = true;
      this.#titleText = '';
      return;
    }
    if (xml) return;
    if (name === 'html' && attribs.lang) this.#language ??= attribs.lang.trim();
    if (name === 'meta') {
      const key = (attribs.name ?? attribs.property ?? attribs['http-equiv'])?.trim().toLowerCase();
      if (key && attribs.content !== undefined && !(key in this.#meta)) this.#meta[key] = attribs.content.trim();
    }
    const role = (attribs.role ?? '').trim().toLowerCase();
    if (NOT_TEXT.has(name) || BOILERPLATE.has(name) || (PAGE_FRAME.has(name) && this.#content === 0)
      || BOILERPLATE_ROLES.has(role) || attribs.hidden !== undefined || attribs['aria-hidden'] === 'true') {
      this.#skip = 1;
      return;
    }
    // <head> holds no text, but its <title> and <meta> are read: it is passed through, its text dropped (#text).
    if (name === 'head') this.#inHead = true;
    const content = name === 'article' || name === 'main' || role === 'main';
    this.#open_.push(content);
    if (content) this.#content++;
    if (BLOCK.has(name)) this.#endLine();
  }

  #close(name: string, xml: boolean): void {
    if (this.#skip > 0) {
      this.#skip--;
      return;
    }
    if (this.#inTitle && name === 'title') {
      this.#inTitle = false;
      this.#title = this.#titleText.replace(/\s+/g, ' ').trim();
      return;
    }
    if (xml) {
      this.#endLine();
      return;
    }
    if (name === 'head') this.#inHead = false;
    if (this.#open_.pop()) this.#content--;
    if (BLOCK.has(name)) this.#endLine();
  }

  #text(text: string): void {
    if (this.#skip > 0) return;
    if (this.#inTitle) {
      this.#titleText += text;
      return;
    }
    if (this.#cut || this.#inHead) return;
    this.#parts.push(text);
    this.#chars += text.length;
    if (this.#chars > this.maxTextChars * 2 + 1024) this.#cut = true;
  }

  #endLine(): void {
    const parts = this.#parts;
    if (parts.length > 0 && parts[parts.length - 1] !== LINE_END) parts.push(LINE_END);
  }

  /** The lines of text: white space collapsed to one space, blank lines dropped, cut at maxTextChars. */
  #text_(): string {
    const lines: string[] = [];
    let chars = 0;
    // Two native passes over the whole text: white space collapsed, then lines split where blocks end (and trimmed there).
    for (const line of this.#parts.join('').replace(SPACES, ' ').split(LINE_ENDS)) {
      if (!line || line === ' ') continue;
      const room = this.maxTextChars - chars;
      if (line.length >= room) {
        if (room > 0) lines.push(line.slice(0, room));
        this.#cut = true;
        break;
      }
      lines.push(line);
      chars += line.length + 1;
    }
    return lines.join('\n');
  }
}
