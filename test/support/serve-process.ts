// biome-ignore-all lint/suspicious/noExplicitAny: tests read the API's JSON answers and events loosely, by their documented fields
import { spawn, type ChildProcess } from 'node:child_process';
import { request, type Dispatcher } from 'undici';
import { BIN } from './run-cli.js';
import { until } from './until.js';

/** One answer of the service: status, headers, the body as text and, when it is JSON, parsed. */
export interface ApiAnswer<T = any> {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: T;
}

/**
 * `beancrawl serve` spawned from the real binary on port 0: its URL and token read from its first
 * line, requests sent with the token, and its output kept for failing tests to show.
 */
export class ServeProcess {
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;

  private constructor(readonly child: ChildProcess, readonly base: string, readonly token: string, exited: Promise<number | null>) {
    this.exited = exited;
  }

  /** Started with `args` after the jobs folder and port; `env` adds to the test's own environment. */
  static async start(jobsDir: string, args: readonly string[] = [], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
    const child = spawn(process.execPath, [BIN, 'serve', '--jobs-dir', jobsDir, '--port', '0', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await until(() => stdout.includes('\n') || child.exitCode !== null, 'the service to print its URL', { timeoutMs: 30_000 });
    const url = stdout.split('\n')[0];
    const m = /^(http:\/\/[^/]+)\/\?token=([A-Za-z0-9_-]+)$/.exec(url);
    if (!m) throw new Error(`the service printed no URL: stdout ${stdout}\nstderr ${stderr}`);
    const serve = new ServeProcess(child, m[1], m[2], exited);
    child.stdout!.on('data', (d: string) => (serve.stdout += d));
    child.stderr!.on('data', (d: string) => (serve.stderr += d));
    serve.stdout = stdout;
    serve.stderr = stderr;
    return serve;
  }

  /** What a failing assertion adds: the service's output. */
  output(): string {
    return `\n--- the service's stdout:\n${this.stdout}\n--- its stderr:\n${this.stderr}`;
  }

  /** A request with the Bearer token (unless `headers` gives an Authorization of its own, or null to send none). */
  async api<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string | null> = {}): Promise<ApiAnswer<T>> {
    const h: Record<string, string> = {};
    if (headers.authorization !== null) h.authorization = headers.authorization ?? `Bearer ${this.token}`;
    for (const [k, v] of Object.entries(headers)) if (v !== null && k !== 'authorization') h[k] = v;
    let payload: string | Buffer | undefined;
    if (Buffer.isBuffer(body) || typeof body === 'string') payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    // undici's request, not fetch: fetch would not send a Host header of the test's choosing.
    const res = await request(`${this.base}${path}`, { method: method as Dispatcher.HttpMethod, headers: h, body: payload });
    const text = await res.body.text();
    let json: T = undefined as T;
    try {
      json = JSON.parse(text) as T;
    } catch {
      // Not JSON: the text is what the test reads.
    }
    const headersOut = new Headers();
    for (const [k, v] of Object.entries(res.headers)) for (const one of [v ?? []].flat()) headersOut.append(k, one);
    return { status: res.statusCode, headers: headersOut, text, json };
  }

  /** SIGTERM, then waits for the exit (SIGKILL after `timeoutMs`). */
  async stop(timeoutMs = 60_000): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Server-Sent Events read from a stream as they come. */
export class EventReader {
  readonly events: Array<{ id: number; type: string; data: any }> = [];
  readonly #controller = new AbortController();
  readonly done: Promise<void>;

  constructor(serve: ServeProcess, path: string, lastEventId?: number) {
    const headers: Record<string, string> = { authorization: `Bearer ${serve.token}` };
    if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
    this.done = fetch(`${serve.base}${path}`, { headers, signal: this.#controller.signal }).then(async (res) => {
      if (res.status !== 200) throw new Error(`events: ${res.status} ${await res.text()}`);
      const decoder = new TextDecoder();
      let text = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) !== -1) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const field = (name: string) => [...block.matchAll(/^(\w+): ?(.*)$/gm)].find((m) => m[1] === name)?.[2];
          const data = field('data');
          if (data !== undefined) this.events.push({ id: Number(field('id')), type: field('event') ?? 'message', data: JSON.parse(data) });
        }
      }
    }).catch((e: Error) => {
      if (e.name !== 'AbortError') throw e;
    });
  }

  of(type: string): Array<{ id: number; type: string; data: any }> {
    return this.events.filter((e) => e.type === type);
  }

  close(): Promise<void> {
    this.#controller.abort();
    return this.done;
  }
}
