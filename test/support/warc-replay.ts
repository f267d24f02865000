import { chromium, type Browser, type Page } from 'playwright-core';
import { field, parseHttpMessage, type WarcRecordRead } from './warc-reader.js';

const CHROMIUM_ARGS = ['--disable-gpu', '--disable-dev-shm-usage', '--disable-quic'];
/** Headers of the record that do not describe the payload handed to the browser (it is given whole, unchunked). */
const FRAMING = new Set(['transfer-encoding', 'content-length', 'connection', 'keep-alive']);

interface Recorded {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/**
 * A replay of a crawl in Chromium from its WARC records alone, written for tests (apart from the
 * crawler): every request of a page, the page itself included, is answered from the `response`
 * record of its URL, read by the independent WARC reader; a request with no record is aborted and
 * remembered in `missing`. Each page gets a fresh context, service workers blocked.
 */
export class WarcReplay {
  readonly missing = new Set<string>();
  readonly #recorded = new Map<string, Recorded>();

  private constructor(readonly browser: Browser, records: readonly WarcRecordRead[]) {
    for (const r of records) {
      const uri = field(r, 'WARC-Target-URI');
      if (field(r, 'WARC-Type') !== 'response' || !uri || !/^https?:/.test(uri) || this.#recorded.has(uri)) continue;
      const message = parseHttpMessage(r.block);
      const headers: Record<string, string> = {};
      for (const [name, value] of message.headers) if (!FRAMING.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
      const status = Number(message.startLine.split(' ')[1]);
      this.#recorded.set(new URL(uri).href, { status, headers, body: message.payload });
    }
  }

  static async open(records: readonly WarcRecordRead[]): Promise<WarcReplay> {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    return new WarcReplay(browser, records);
  }

  /** URLs with a response record. */
  urls(): string[] {
    return [...this.#recorded.keys()];
  }

  /** Loads `url` from the records in a fresh context and gives its page to `use`, closing the context afterwards. */
  async page<T>(url: string, use: (page: Page) => Promise<T>): Promise<T> {
    const context = await this.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
    try {
      await context.route('**/*', async (route) => {
        const request = route.request();
        const recorded = request.method() === 'GET' ? this.#recorded.get(request.url()) : undefined;
        if (!recorded) {
          this.missing.add(`${request.method()} ${request.url()}`);
          await route.abort('blockedbyclient');
        } else {
          await route.fulfill({ status: recorded.status, headers: recorded.headers, body: recorded.body });
        }
      });
      const page = await context.newPage();
      page.on('dialog', (d) => void d.dismiss().catch(() => undefined));
      await page.goto(url, { waitUntil: 'load' });
      return await use(page);
    } finally {
      await context.close();
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
