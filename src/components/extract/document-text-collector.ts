import { Parser } from 'htmlparser2';
import type { ParseSteps } from './parse-budget.js';

/** Characters fed to the parser a step. */
const CHUNK = 64 * 1024;

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
  #lines: string[] = [];
  #line = '';
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
  *steps(markup: string, xml: boolean): ParseSteps {
    const parser = new Parser({
      onopentag: (name, attribs) => this.#open(name, attribs, xml),
      onclosetag: (name) => this.#close(name, xml),
      ontext: (text) => this.#text(text),
    }, { xmlMode: xml, lowerCaseTags: !xml, lowerCaseAttributeNames: !xml, decodeEntities: true, recognizeSelfClosing: xml });
    for (let at = 0; at < markup.length; at += CHUNK) {
      parser.write(markup.length <= CHUNK ? markup : markup.slice(at, at + CHUNK));
      if (this.#cut) return;
      if (at + CHUNK < markup.length) yield;
    }
    parser.end();
  }

  result(): CollectedText {
    this.#endLine();
    if (this.#inTitle) this.#title = this.#titleText.replace(/\s+/g, ' ').trim();
    return {
      ...(this.#title !== undefined ? { title: this.#title } : {}), text: this.#lines.join('\n'),
      ...(this.#language ? { language: this.#language } : {}), meta: this.#meta, cut: this.#cut,
    };
  }

  #open(name: string, attribs: Record<string, string>, xml: boolean): void {
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
      || BOILERPLATE_ROLES.has(role) || 'hidden' in attribs || attribs['aria-hidden'] === 'true') {
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
    this.#line += text;
    if (this.#chars + this.#line.length > this.maxTextChars * 2) this.#endLine();
  }

  #endLine(): void {
    if (!this.#line) return;
    const line = this.#line.replace(/\s+/g, ' ').trim();
    this.#line = '';
    if (!line || this.#cut) return;
    const room = this.maxTextChars - this.#chars;
    if (line.length >= room) {
      if (room > 0) this.#lines.push(line.slice(0, room));
      this.#chars = this.maxTextChars;
      this.#cut = true;
      return;
    }
    this.#lines.push(line);
    this.#chars += line.length + 1;
  }
}
