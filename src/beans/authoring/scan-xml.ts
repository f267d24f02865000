/** An attribute of a start tag as written, with offsets into the text. */
export interface XmlAttribute {
  readonly name: string;
  readonly nameFrom: number;
  readonly nameTo: number;
  /** The value as written (entities not decoded); undefined when no `=` and value follow the name. */
  readonly value?: string;
  /** The value's first character (past its quote) and its end (before the closing quote, or where an unclosed value stops). */
  readonly valueFrom: number;
  readonly valueTo: number;
}

/** An element of a document that may not be well formed. */
export interface XmlElement {
  readonly name: string;
  /** The offset of its `<`. */
  readonly from: number;
  readonly nameFrom: number;
  readonly nameTo: number;
  readonly attributes: readonly XmlAttribute[];
  /** Just past the start tag's `>`, or where an unfinished start tag stops. */
  readonly tagEnd: number;
  /** The start tag ends with `>` or `/>`. */
  readonly tagClosed: boolean;
  /** `<x/>`, or a start tag left unfinished, which holds nothing. */
  readonly selfClosing: boolean;
  /** Where its content ends: the `<` of its end tag, where an enclosing end tag closed it, or the end of the text. */
  contentTo: number;
  /** Just past its end tag (or where it was closed without one). */
  to: number;
  readonly children: XmlElement[];
  readonly parent?: XmlElement;
}

/** A `</name>` tag: completion of the name closes the element open there. */
export interface XmlEndTag {
  readonly from: number;
  readonly nameFrom: number;
  readonly nameTo: number;
  readonly to: number;
  /** The element it closes, or the innermost one open there when it matches none. */
  readonly element?: XmlElement;
}

export interface XmlDocument {
  readonly text: string;
  /** The top elements (normally one, `<beans>`). */
  readonly roots: readonly XmlElement[];
  readonly endTags: readonly XmlEndTag[];
  /** Comments, CDATA sections, processing instructions and doctypes (`to` past the text's end when unfinished): nothing is completed inside them. */
  readonly opaque: readonly { readonly from: number; readonly to: number }[];
}

const NAME_START = /[A-Za-z_:]/;
const NAME_CHAR = /[\w:.-]/;
const SPACE = /\s/;

/**
 * Reads XML as far as it goes, never failing: an unfinished start tag holds nothing, an
 * attribute value missing its closing quote stops at the line's end or at a `<`, an end tag
 * closes every element opened inside the one it names, and one that names no open element is
 * passed over. Entities are not decoded.
 */
export function scanXml(text: string): XmlDocument {
  const roots: XmlElement[] = [];
  const endTags: XmlEndTag[] = [];
  const opaque: { from: number; to: number }[] = [];
  const stack: XmlElement[] = [];
  const n = text.length;
  let i = 0;
  const skipTo = (from: number, close: string, after: number): number => {
    const end = text.indexOf(close, after);
    const to = end < 0 ? n : end + close.length;
    opaque.push({ from, to: end < 0 ? n + 1 : to });
    return to;
  };
  while (i < n) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) i = skipTo(lt, '-->', lt + 4);
    else if (text.startsWith('<![CDATA[', lt)) i = skipTo(lt, ']]>', lt + 9);
    else if (text.startsWith('<?', lt)) i = skipTo(lt, '?>', lt + 2);
    else if (text.startsWith('<!', lt)) i = skipTo(lt, '>', lt + 2);
    else if (text[lt + 1] === '/') i = endTag(lt);
    else i = startTag(lt);
  }
  for (const open of stack) [open.contentTo, open.to] = [n, n];
  return { text, roots, endTags, opaque };

  function readName(from: number): number {
    let j = from;
    if (j < n && NAME_START.test(text[j])) while (j < n && NAME_CHAR.test(text[j])) j++;
    return j;
  }

  function endTag(lt: number): number {
    const nameTo = readName(lt + 2);
    const name = text.slice(lt + 2, nameTo);
    let j = nameTo;
    while (j < n && text[j] !== '>' && text[j] !== '<') j++;
    const to = j < n && text[j] === '>' ? j + 1 : j;
    const at = stack.map((e) => e.name).lastIndexOf(name);
    let element: XmlElement | undefined = stack[stack.length - 1];
    if (at >= 0) {
      element = stack[at];
      for (const closed of stack.splice(at)) [closed.contentTo, closed.to] = [lt, lt];
      element.to = to;
    }
    endTags.push({ from: lt, nameFrom: lt + 2, nameTo, to, element });
    return Math.max(to, lt + 2);
  }

  function startTag(lt: number): number {
    const nameTo = readName(lt + 1);
    const attributes: XmlAttribute[] = [];
    let j = nameTo;
    let tagClosed = false;
    let selfClosing = true;
    while (j < n) {
      const c = text[j];
      if (SPACE.test(c)) j++;
      else if (c === '>') {
        [tagClosed, selfClosing] = [true, false];
        j++;
        break;
      } else if (c === '/' && text[j + 1] === '>') {
        tagClosed = true;
        j += 2;
        break;
      } else if (c === '<') break;
      else if (NAME_START.test(c)) j = attribute(j, attributes);
      else j++;
    }
    const parent = stack[stack.length - 1];
    const element: XmlElement = {
      name: text.slice(lt + 1, nameTo), from: lt, nameFrom: lt + 1, nameTo, attributes,
      tagEnd: j, tagClosed, selfClosing, contentTo: j, to: j, children: [], parent,
    };
    (parent ? parent.children : roots).push(element);
    if (!selfClosing) stack.push(element);
    return Math.max(j, lt + 1);
  }

  function attribute(from: number, into: XmlAttribute[]): number {
    const nameTo = readName(from);
    let j = nameTo;
    while (j < n && SPACE.test(text[j])) j++;
    if (text[j] !== '=') {
      into.push({ name: text.slice(from, nameTo), nameFrom: from, nameTo, valueFrom: nameTo, valueTo: nameTo });
      return nameTo;
    }
    j++;
    while (j < n && SPACE.test(text[j])) j++;
    const quote = text[j];
    if (quote !== '"' && quote !== "'") {
      let k = j;
      while (k < n && !SPACE.test(text[k]) && text[k] !== '>' && text[k] !== '<' && !(text[k] === '/' && text[k + 1] === '>')) k++;
      into.push({ name: text.slice(from, nameTo), nameFrom: from, nameTo, value: text.slice(j, k), valueFrom: j, valueTo: k });
      return k;
    }
    const close = text.indexOf(quote, j + 1);
    const lt = text.indexOf('<', j + 1);
    let valueTo: number;
    let next: number;
    if (close >= 0 && (lt < 0 || close < lt)) [valueTo, next] = [close, close + 1];
    else {
      const eol = text.indexOf('\n', j + 1);
      valueTo = Math.min(lt < 0 ? n : lt, eol < 0 ? n : eol);
      next = valueTo;
    }
    into.push({ name: text.slice(from, nameTo), nameFrom: from, nameTo, value: text.slice(j + 1, valueTo), valueFrom: j + 1, valueTo });
    return next;
  }
}

/** An element's attribute value by name (as written), or undefined. */
export function attributeValue(element: XmlElement, name: string): string | undefined {
  return element.attributes.find((a) => a.name === name)?.value;
}
