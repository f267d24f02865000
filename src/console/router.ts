import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';

/**
 * The console's pages by URL: each has a stable address that can be bookmarked and reloaded (the
 * service answers the console's page at each of them). Pages to come (the editor, forms, live
 * beans, queues, explain, sheets) get their own paths under /jobs/NAME/.
 */
export type Route =
  | { readonly page: 'engine' }
  | { readonly page: 'job'; readonly job: string }
  | { readonly page: 'not-found'; readonly path: string };

const NAVIGATED = 'beancrawl:navigated';

/** The page a path names. */
export function routeOf(path: string): Route {
  if (path === '/' || path === '') return { page: 'engine' };
  const job = /^\/jobs\/([^/]+)\/?$/.exec(path);
  if (job) {
    try {
      return { page: 'job', job: decodeURIComponent(job[1]) };
    } catch {
      // A malformed escape names no page.
    }
  }
  return { page: 'not-found', path };
}

/** The console's path of a job's page. */
export function jobHref(name: string): string {
  return `/jobs/${encodeURIComponent(name)}`;
}

/** Goes to a console page without reloading (a new history entry). */
export function navigate(href: string): void {
  if (href === location.pathname + location.search) return;
  history.pushState(null, '', href);
  window.dispatchEvent(new Event(NAVIGATED));
}

/** The current page, following links, back and forward. */
export function useRoute(): Route {
  const [route, setRoute] = useState<Route>(() => routeOf(location.pathname));
  useEffect(() => {
    const update = () => setRoute(routeOf(location.pathname));
    window.addEventListener('popstate', update);
    window.addEventListener(NAVIGATED, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(NAVIGATED, update);
    };
  }, []);
  return route;
}

/**
 * A link to a console page: a real `<a href>` (opens in a new tab, can be copied), followed
 * in place on a plain click.
 */
export function Link({ href, children, class: className }: { href: string; children?: ComponentChildren; class?: string }) {
  const onClick = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.defaultPrevented) return;
    e.preventDefault();
    navigate(href);
  };
  return html`<a href=${href} class=${className} onClick=${onClick}>${children}</a>`;
}
