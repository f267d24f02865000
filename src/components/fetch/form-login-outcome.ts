import type { FormLoginCredential } from '../../model/credential-store.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { escapeRegExp } from '../../util/escape-regexp.js';

/**
 * Why a form login's fetch failed, as words for alerts.log, or undefined when it looks like it
 * worked. Heritrix judges nothing here (a login that fails is simply not promoted to its server,
 * silently); this tells the operator when the login URI could not be fetched, answered 4xx or 5xx,
 * redirected back to itself (`/login?error`), or answered with the login form again (a form
 * submitting to the login URI that asks for a password or the credential's fields).
 */
export function formLoginFailure(curi: CrawlUri, login: FormLoginCredential): string | undefined {
  const status = curi.fetchStatus;
  if (status <= 0) return `could not be fetched (status ${status}${curi.annotations.length ? `, ${curi.annotations.join(',')}` : ''})`;
  if (status >= 400) return `answered ${status}${curi.response?.statusText ? ` ${curi.response.statusText}` : ''}`;
  const response = curi.response;
  if (response === undefined) return undefined;
  if (status >= 300 && status < 400) {
    const location = response.headers.location;
    const target = location === undefined ? undefined : resolved(location, curi.uri);
    return target !== undefined && sameDocument(target, login.loginUri) ? `answered ${status}, back to the login form (${target.href})` : undefined;
  }
  if (status < 300 && /html/i.test(curi.contentType) && holdsLoginForm(response.body.toString('latin1'), curi.uri, login)) {
    return `answered ${status} with the login form again`;
  }
  return undefined;
}

const FORM = /<form\b([^>]*)>([\s\S]*?)(?:<\/form\s*>|$)/gi;
const ACTION = /\baction\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const PASSWORD = /<input\b[^>]*\btype\s*=\s*["']?password\b/i;

/** Whether the page holds a form that submits to the login URI and asks for a password or for every field the credential fills. */
function holdsLoginForm(html: string, pageUri: string, login: FormLoginCredential): boolean {
  for (const match of html.matchAll(FORM)) {
    const action = ACTION.exec(match[1]);
    const target = resolved(action ? (action[1] ?? action[2] ?? action[3]).trim() : '', pageUri);
    if (target === undefined || !sameDocument(target, login.loginUri)) continue;
    const inner = match[2];
    if (PASSWORD.test(inner)) return true;
    const names = login.formItems.map(([name]) => name);
    if (names.length > 0 && names.every((name) => hasField(inner, name))) return true;
  }
  return false;
}

function hasField(html: string, name: string): boolean {
  const escaped = escapeRegExp(name);
  return new RegExp(`\\bname\\s*=\\s*["']?${escaped}(?:["'\\s>/])`, 'i').test(html);
}

function resolved(reference: string, base: string): URL | undefined {
  try {
    return new URL(reference, base);
  } catch {
    return undefined;
  }
}

/** Same scheme, server and path: the query (`?error`) and fragment aside. */
function sameDocument(url: URL, loginUri: string): boolean {
  const login = resolved(loginUri, url.href);
  return login !== undefined && login.origin === url.origin && login.pathname === url.pathname;
}
