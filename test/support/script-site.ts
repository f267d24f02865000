import type { Route } from './site-server.js';

/**
 * A loopback single-page site whose links exist only once its script runs: every page is the
 * same shell (a stylesheet and a script bundle shared by all), and /app.js adds links to the DOM,
 * more from a fetch() of JSON, one when the page is scrolled to its end (a lazy block) and one
 * a click on its "more" button, up to twice. It also asks for a script robots.txt disallows and,
 * when `outside` is given, a script of another site (out of scope).
 */
export function scriptSite(outside?: string): Record<string, Route> {
  const shell = (title: string) => ({
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!doctype html><html><head><title>${title}</title><link rel="stylesheet" href="/style.css">` +
      `<script src="/app.js" defer></script>${outside ? `<script src="${outside}/evil.js"></script>` : ''}</head>` +
      `<body><h1>${title}</h1><div id="app"></div><div style="height:3000px"></div><div id="end"></div>` +
      '<button id="more" type="button">more</button></body></html>',
  });
  const routes: Record<string, Route> = {
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private/\n' },
    '/style.css': { headers: { 'content-type': 'text/css' }, body: 'body { font-family: sans-serif } h1 { color: #336 }' },
    '/api/items.json': { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: ['/item/a', '/item/b'] }) },
    '/private/secret.js': { headers: { 'content-type': 'text/javascript' }, body: 'window.secret = 1;' },
    '/app.js': { headers: { 'content-type': 'text/javascript' }, body: APP_JS },
    '/': shell('home'),
  };
  for (const path of ['/page/1', '/page/2', '/item/a', '/item/b', '/lazy', '/more/1', '/more/2']) routes[path] = shell(path);
  return routes;
}

/** The pages only a browser finds (all but the seed). */
export const SCRIPT_ONLY_PAGES = ['/page/1', '/page/2', '/item/a', '/item/b', '/lazy', '/more/1', '/more/2'];

const APP_JS = `
(function () {
  var app = document.getElementById('app');
  function link(href, text) { var a = document.createElement('a'); a.href = href; a.textContent = text || href; app.appendChild(a); }
  link('/page/1', 'rendered text one'); link('/page/2');
  var s = document.createElement('script'); s.src = '/private/secret.js'; document.head.appendChild(s);
  fetch('/api/items.json').then(function (r) { return r.json(); }).then(function (j) { j.items.forEach(function (i) { link(i); }); });
  var lazyDone = false;
  window.addEventListener('scroll', function () {
    if (lazyDone || window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 10) return;
    lazyDone = true; link('/lazy', 'lazy block');
  });
  var clicks = 0;
  document.getElementById('more').addEventListener('click', function () {
    clicks++; link('/more/' + clicks);
    if (clicks >= 2) document.getElementById('more').remove();
  });
})();
`;
