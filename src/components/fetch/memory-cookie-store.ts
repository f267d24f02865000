import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CookieStore } from '../../model/cookie-store.js';
import { CookieJar, type Cookie } from './cookie-jar.js';
import type { cookieStoreComponent } from './cookie-store.descriptor.js';
import { formatNetscapeCookies, parseNetscapeCookies } from './netscape-cookies.js';

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
    await mkdir(dirname(file), { recursive: true });
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
