import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CookieStore } from '../../model/cookie-store.js';
import { CookieJar } from './cookie-jar.js';
import type { cookieStoreComponent } from './cookie-store.descriptor.js';
import { formatNetscapeCookies, parseNetscapeCookies } from './netscape-cookies.js';

/**
 * Heritrix's BdbCookieStore, in memory: one RFC 6265 jar for the crawl, filled from
 * cookiesLoadFile in start() and written to cookiesSaveFile in stop().
 */
export class MemoryCookieStore implements CookieStore {
  readonly jar = new CookieJar();
  #loaded = false;

  constructor(readonly config: ConfigOf<typeof cookieStoreComponent>) {}

  async start(): Promise<void> {
    const file = this.config.cookiesLoadFile;
    if (this.#loaded || file === '') return;
    const { cookies, problems } = parseNetscapeCookies(await readFile(file, 'utf8'));
    if (problems.length > 0) throw new Error(`${file}:${problems[0].line}: ${problems[0].message}`);
    const now = Date.now();
    for (const cookie of cookies) this.jar.add(cookie, now);
    this.#loaded = true;
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
