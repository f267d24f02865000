import axe from 'axe-core';
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT } from './run-cli.js';
import { ServeProcess } from './serve-process.js';
import { tempDir } from './temp-dir.js';

/** Where the console's screenshots go, for a person to look at (git-ignored). */
export const CONSOLE_OUTPUT = join(REPO_ROOT, 'test-output', 'console');
const CHROMIUM_ARGS = ['--disable-gpu', '--disable-dev-shm-usage', '--disable-quic'];

/** What axe-core puts on the page's window once injected. */
interface AxeWindow {
  axe: { run(): Promise<{ violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> };
}

/**
 * Debian's chromium driven by playwright-core, with one page that records what a failure needs
 * to say: the browser's console and page errors, and the dialogs it dismissed.
 */
export class ConsoleBrowser {
  readonly messages: string[] = [];
  readonly dialogs: string[] = [];

  private constructor(readonly browser: Browser, readonly page: Page) {
    page.on('console', (m) => this.messages.push(`[${m.type()}] ${m.text()}`));
    page.on('pageerror', (e) => this.messages.push(`[pageerror] ${e.message}`));
    page.on('dialog', (d) => {
      this.dialogs.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
  }

  static async open(viewport = { width: 1280, height: 1000 }): Promise<ConsoleBrowser> {
    await mkdir(CONSOLE_OUTPUT, { recursive: true });
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    return new ConsoleBrowser(browser, await browser.newPage({ viewport }));
  }

  /** axe-core's serious and critical violations on the page as it is (axe injected, not @axe-core/playwright, which needs Node 22). */
  async seriousViolations(): Promise<string[]> {
    if ((await this.page.evaluate('typeof window.axe')) === 'undefined') await this.page.evaluate(axe.source);
    return this.page.evaluate(async () => {
      const { violations } = await (globalThis as unknown as AxeWindow).axe.run();
      return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
  }

  /** A screenshot of the whole page under test-output/console/. */
  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: join(CONSOLE_OUTPUT, `${name}.png`), fullPage: true });
  }

  /** CSP refusals and page errors seen so far. */
  refusals(): string[] {
    return this.messages.filter((m) => /Content.Security.Policy|Refused to|\[pageerror\]/i.test(m));
  }

  /** What a failure's message adds: the page's text, the browser's console, the dialogs. */
  async report(): Promise<string> {
    const text = await this.page.locator('main').innerText().catch(() => '');
    return `\n--- the page:\n${text}\n--- the browser's console:\n${this.messages.join('\n')}\n--- dialogs: ${this.dialogs.join('\n')}`;
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}

/** What a console test's body gets: the service, the browser, its page and the dialogs it dismissed. */
export interface ConsoleSession {
  readonly serve: ServeProcess;
  readonly b: ConsoleBrowser;
  readonly page: Page;
  readonly dialogs: string[];
}

/**
 * Runs a console test: a service on a fresh jobs folder and a browser for `body`, then no CSP
 * refusal and no page error expected. A failure's message gets the service's output and the
 * browser's report. The browser, the service (which must exit 0), the `closing` ones (sites)
 * and the folder are stopped or removed after, whatever happened.
 */
export async function withConsole(body: (session: ConsoleSession) => Promise<void>, o: { viewport?: { width: number; height: number }; closing?: ReadonlyArray<{ close(): Promise<unknown> }> } = {}): Promise<void> {
  const work = await tempDir();
  const serve = await ServeProcess.start(join(work.dir, 'jobs'));
  let b: ConsoleBrowser | undefined;
  try {
    b = await ConsoleBrowser.open(o.viewport);
    await body({ serve, b, page: b.page, dialogs: b.dialogs });
    expect(b.refusals(), 'no CSP refusal, no page error').to.deep.equal([]);
  } catch (e) {
    if (e instanceof Error) e.message += `${serve.output()}${b ? await b.report() : ''}`;
    throw e;
  } finally {
    await b?.close();
    const code = await serve.stop();
    for (const c of o.closing ?? []) await c.close();
    await work.cleanup();
    expect(code, serve.output()).to.equal(0);
  }
}
