import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { mayLeave } from './leave-guard.js';

/**
 * The console's pages by URL: each has a stable address that can be bookmarked and reloaded (the
 * service answers the console's page at each of them). A job's pages sit under /jobs/NAME/: its
 * editor, its live beans, its queues, explain and why.
 */
export type Route =
  | { readonly page: 'engine' }
  | { readonly page: 'job'; readonly job: string }
  /** The editor of the job's bean file, or of one of its sheets (`file` is `sheets/NAME`). */
  | { readonly page: 'editor'; readonly job: string; readonly file?: string }
  /** A job's other pages: its beans by form, its sheets, live beans, the frontier's queues, explain and why. */
  | { readonly page: 'forms'; readonly job: string }
  | { readonly page: 'sheets'; readonly job: string }
  | { readonly page: 'beans'; readonly job: string }
  | { readonly page: 'queues'; readonly job: string }
  | { readonly page: 'explain'; readonly job: string }
  | { readonly page: 'not-found'; readonly path: string };

/** A job's pages at /jobs/NAME/PAGE (besides the editor), by the last part of their path. */
export const JOB_SUBPAGES = ['forms', 'sheets', 'beans', 'queues', 'explain'] as const;
export type JobSubpage = (typeof JOB_SUBPAGES)[number];

const NAVIGATED = 'beancrawl:navigated';

/** The page a path names. */
export function routeOf(path: string): Route {
  if (path === '/' || path === '') return { page: 'engine' };
  try {
    const job = /^\/jobs\/([^/]+)\/?$/.exec(path);
    if (job) return { page: 'job', job: decodeURIComponent(job[1]) };
    const sub = /^\/jobs\/([^/]+)\/(forms|sheets|beans|queues|explain)\/?$/.exec(path);
    if (sub) return { page: sub[2] as JobSubpage, job: decodeURIComponent(sub[1]) } as Route;
    const edit = /^\/jobs\/([^/]+)\/edit(?:\/sheets\/([^/]+))?\/?$/.exec(path);
    if (edit) return { page: 'editor', job: decodeURIComponent(edit[1]), ...(edit[2] ? { file: `sheets/${decodeURIComponent(edit[2])}` } : {}) };
  } catch {
    // A malformed escape names no page.
  }
  return { page: 'not-found', path };
}

/** The console's path of a job's editor: of its bean file, or of `sheets/NAME`; at a line when given (`?line=N`). */
export function editHref(job: string, file?: string, line?: number): string {
  return `${jobHref(job)}/edit${file?.startsWith('sheets/') ? `/sheets/${encodeURIComponent(file.slice('sheets/'.length))}` : ''}${line ? `?line=${line}` : ''}`;
}

/** The console's path of a job's page. */
export function jobHref(name: string): string {
  return `/jobs/${encodeURIComponent(name)}`;
}

/** The console's path of one of a job's pages: forms, sheets, live beans, queues, explain. */
export function jobPageHref(job: string, page: JobSubpage): string {
  return `${jobHref(job)}/${page}`;
}

/** Goes to a console page without reloading (a new history entry), unless the page asks to stay (unsaved text). */
export function navigate(href: string): void {
  if (href === location.pathname + location.search) return;
  if (!mayLeave()) return;
  history.pushState(null, '', href);
  window.dispatchEvent(new Event(NAVIGATED));
}

/** The current page, following links, back and forward. */
export function useRoute(): Route {
  const [route, setRoute] = useState<Route>(() => routeOf(location.pathname));
  useEffect(() => {
    let shown = location.pathname + location.search;
    const update = () => {
      shown = location.pathname + location.search;
      setRoute(routeOf(location.pathname));
    };
    // Back or forward has already moved the address: put it back when the page asks to stay.
    const popped = () => {
      if (mayLeave()) update();
      else history.pushState(null, '', shown);
    };
    window.addEventListener('popstate', popped);
    window.addEventListener(NAVIGATED, update);
    return () => {
      window.removeEventListener('popstate', popped);
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
