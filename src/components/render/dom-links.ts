import type { Hop } from '../../model/hop.js';

/** A link of the rendered DOM, as the script below reports it. */
export interface DomLink {
  readonly uri: string;
  readonly hop: Hop;
  readonly context: string;
}

/**
 * Evaluated in the page (text, since the crawl is compiled without the DOM's types): the links
 * of the rendered DOM, made absolute by the browser itself (the `href`, `src`, `action`
 * properties), fragments dropped, with Heritrix's hop (L to navigate, E embedded) and context
 * (`a/@href`). Forms only when sent by GET.
 */
export const DOM_LINKS_SCRIPT = `(() => {
  const found = [];
  const add = (uri, hop, context) => {
    if (typeof uri === 'string' && /^https?:/i.test(uri)) found.push({ uri: uri.replace(/#.*$/, ''), hop, context });
  };
  for (const a of document.querySelectorAll('a[href], area[href]')) add(a.href, 'L', a.localName + '/@href');
  for (const f of document.querySelectorAll('iframe[src], frame[src]')) add(f.src, 'E', f.localName + '/@src');
  for (const e of document.querySelectorAll('img[src], script[src], source[src], video[src], audio[src], embed[src]')) add(e.src, 'E', e.localName + '/@src');
  for (const l of document.querySelectorAll('link[href]')) {
    const rel = (l.getAttribute('rel') || '').toLowerCase();
    add(l.href, /stylesheet|icon|preload|prefetch|manifest/.test(rel) ? 'E' : 'L', 'link/@href');
  }
  for (const f of document.querySelectorAll('form[action]')) {
    if ((f.getAttribute('method') || 'get').toLowerCase() === 'get') add(f.action, 'L', 'form/@action');
  }
  return found;
})()`;

/** Scrolls to the bottom; answers the document's height before, so that a caller sees whether it grew. */
export const SCROLL_SCRIPT = `(() => {
  const height = document.documentElement.scrollHeight;
  window.scrollTo(0, height);
  return height;
})()`;

export const HEIGHT_SCRIPT = 'document.documentElement.scrollHeight';

/**
 * The rendered document as markup (its doctype, then the root element's outerHTML), evaluated in
 * the page as the links are: what Playwright's page.content() returns, without the isolated world
 * it sets up for each new document (some 60–150 ms a page, more than a loopback page's load).
 */
export const RENDERED_HTML_SCRIPT = `(() => (document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '') +
  (document.documentElement ? document.documentElement.outerHTML : ''))()`;
