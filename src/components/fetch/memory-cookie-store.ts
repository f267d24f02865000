import { readFile, writeFile } from 'node:fs/promises';
import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { parseNetscapeCookies, formatNetscapeCookies } from './netscape-cookies.js';
import { dirname } from 'node:path';
import type { CookieStore } from '../../model/cookie-store.js';
import { CookieJar, type Cookie } from './cookie-jar.js';
import { makeFolders } from '../../util/make-folders.js';

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

export const cookieStoreComponent = defineComponent({
  name: 'CookieStore',
  // BdbCookieStorage is the name Heritrix 3.0–3.2 shipped (renamed BdbCookieStore in 3.3); the
  // Simple* ones are Heritrix's in-memory stores, which this one already is.
  aliases: [
    'BdbCookieStore', 'org.archive.modules.fetcher.BdbCookieStore',
    'BdbCookieStorage', 'org.archive.modules.fetcher.BdbCookieStorage',
    'SimpleCookieStore', 'org.archive.modules.fetcher.SimpleCookieStore',
    'SimpleCookieStorage', 'org.archive.modules.fetcher.SimpleCookieStorage',
  ],
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
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps the cookies of the run with each commit (one entry a domain that ' +
      'changed), for a resumed run.' },
  },
  validate: validateCookieStore,
  load: async (): Promise<ComponentClass> => MemoryCookieStore,
});

/** The state-store sublevel of the jar: one key a domain, its cookies as JSON. */
const COOKIES_SUBLEVEL = 'cookies';

/** Says the run's jar is in the store (no domain name sorts before it). */
const STARTED_KEY = '\u0000started';

/**
 * Heritrix's BdbCookieStore: one RFC 6265 jar for the crawl, in memory, filled from
 * cookiesLoadFile in start() and written to cookiesSaveFile in stop(). With a state store, the
 * domains whose cookies changed are written with each commit, so that a run resumed after a
 * crash or Ctrl-C goes on with the cookies it had (a login, a consent).
 */
export class MemoryCookieStore implements CookieStore {
  readonly jar = new CookieJar();
  #loaded = false;

  constructor(readonly config: ConfigOf<typeof cookieStoreComponent>) {}

  async start(): Promise<void> {
    if (this.#loaded) return;
    this.#loaded = true;
    const now = Date.now();
    const store = this.config.stateStore;
    const sub = store?.sublevel(COOKIES_SUBLEVEL);
    const rows = (await sub?.range('', '\uffff')) ?? [];
    if (rows.length) {
      // A run resumed: its jar as it stood, the file's cookies it changed or removed included; the file is not read again.
      for (const [key, value] of rows) if (key !== STARTED_KEY) for (const cookie of JSON.parse(value) as Cookie[]) this.jar.add(cookie, now);
    } else {
      const file = this.config.cookiesLoadFile;
      if (file !== '') {
        const { cookies, problems } = parseNetscapeCookies(await readFile(file, 'utf8'));
        if (problems.length > 0) throw new Error(`${file}:${problems[0].line}: ${problems[0].message}`);
        for (const cookie of cookies) this.jar.add(cookie, now);
      }
      sub?.put(STARTED_KEY, '1');
    }
    if (!store || !sub) return;
    store.participate({
      stage: () => {
        for (const [domain, cookies] of this.jar.takeChanged()) {
          if (cookies.length) sub.put(domain, JSON.stringify(cookies));
          else sub.del(domain);
        }
      },
    });
  }

  async stop(): Promise<void> {
    const file = this.config.cookiesSaveFile;
    if (file === '' || file.includes('${')) return;
    await makeFolders(dirname(file));
    await writeFile(file, formatNetscapeCookies(this.jar.all()));
  }

  cookieHeader(url: URL): string | undefined {
    return this.jar.header(url);
  }

  storeSetCookies(url: URL, values: readonly string[]): void {
    const now = Date.now();
    for (const value of values) this.jar.setCookie(url, value, now);
  }
}
