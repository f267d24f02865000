import { readFile } from 'node:fs/promises';
import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { parseNetscapeCookies } from './netscape-cookies.js';

export const cookieStoreComponent = defineComponent({
  name: 'CookieStore',
  aliases: ['BdbCookieStore', 'org.archive.modules.fetcher.BdbCookieStore'],
  description:
    'The crawl\'s one cookie jar. Cookies that responses set are kept as RFC 6265 says (host-only and Domain cookies, Path, ' +
    'Expires and Max-Age, Secure), and FetchHttp sends each back only to the hosts and paths it belongs to. Held in memory: ' +
    'cookiesLoadFile fills it when the crawl starts, cookiesSaveFile receives it when the crawl stops; with a state store, ' +
    'a run resumed after a crash or Ctrl-C goes on with the cookies it had.',
  kinds: ['CookieStore'],
  props: {
    cookiesLoadFile: {
      type: 'string', default: '', path: true,
      description: 'A cookies.txt read when the crawl starts (Netscape format: domain, subdomains TRUE/FALSE, path, secure TRUE/FALSE, ' +
        'expiry in epoch seconds with 0 or -1 for a session cookie, name, value; tab-separated). Relative to the job folder; empty reads none.',
    },
    cookiesSaveFile: {
      type: 'string', default: '', path: true,
      description: 'Where the cookies are written, in the same format, when the crawl stops; empty writes none. `${launchId}/cookies.txt` keeps one per run.',
    },
  },
  refs: {
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps the cookies of the run with each commit (one entry a domain that changed), for a resumed run.' },
  },
  validate: validateCookieStore,
  load: async (): Promise<ComponentClass> => (await import('./memory-cookie-store.js')).MemoryCookieStore,
});

/** The load file must exist and every line must read, each problem located in the cookies file itself. */
async function validateCookieStore(bean: BeanView): Promise<ValidationIssue[]> {
  const file = String(bean.config.cookiesLoadFile ?? '');
  if (file === '' || file.includes('${')) return [];
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    return [{ property: 'cookiesLoadFile', message: `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})` }];
  }
  return parseNetscapeCookies(text).problems.map((p) => ({
    property: 'cookiesLoadFile', message: `line ${p.line} of the cookies file: ${p.message}`, at: { file, line: p.line, column: 1 },
  }));
}
