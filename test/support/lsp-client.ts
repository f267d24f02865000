/** A language client for the tests and the benchmark of `beancrawl lsp`: the real binary spawned, spoken to with the protocol's own client package. */
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection, PublishDiagnosticsNotification, StreamMessageReader, StreamMessageWriter,
  type Diagnostic, type ProtocolConnection, type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { BIN } from './run-cli.js';

export class LspClient {
  readonly #diagnostics = new Map<string, { version: number; list: Diagnostic[] }>();
  readonly #waiters: Array<() => void> = [];
  readonly #versions = new Map<string, number>();
  #publishes = 0;
  stderr = '';

  private constructor(readonly child: ChildProcess, readonly connection: ProtocolConnection) {
    connection.onNotification(PublishDiagnosticsNotification.type, (p: PublishDiagnosticsParams) => {
      this.#publishes++;
      this.#diagnostics.set(p.uri, { version: this.#publishes, list: p.diagnostics });
      for (const w of this.#waiters.splice(0)) w();
    });
  }

  /** Spawns `node bin/beancrawl.js lsp` in `cwd` and initializes it (snippets off unless asked). */
  static async start(options: { cwd?: string; debounceMs?: number; snippets?: boolean } = {}): Promise<LspClient> {
    const child = spawn(process.execPath, [BIN, 'lsp', '--stdio'], { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const client = new LspClient(child, connection);
    child.stderr!.on('data', (b: Buffer) => (client.stderr += b.toString()));
    connection.listen();
    await connection.sendRequest('initialize', {
      processId: process.pid, rootUri: null, workspaceFolders: null,
      capabilities: { textDocument: { completion: { completionItem: { snippetSupport: options.snippets ?? false } } } },
      initializationOptions: { debounceMs: options.debounceMs ?? 30 },
    });
    connection.sendNotification('initialized', {});
    return client;
  }

  uri(path: string): string {
    return pathToFileURL(path).href;
  }

  /** Opens a file with the given text (the editor's, not the disk's) and waits for its verify. */
  async open(path: string, text: string, languageId = path.endsWith('.json') ? 'json' : 'xml'): Promise<string> {
    const uri = this.uri(path);
    this.#versions.set(uri, 1);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    await this.settled(uri);
    return uri;
  }

  /** Replaces the whole text (as typed, unsaved) and waits for its verify. */
  async change(uri: string, text: string, wait = true): Promise<void> {
    const version = (this.#versions.get(uri) ?? 1) + 1;
    this.#versions.set(uri, version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    if (wait) await this.settled(uri);
  }

  /** Answers once the file's verify has run and its diagnostics are published. */
  async settled(uri: string): Promise<void> {
    await this.connection.sendRequest('beancrawl/settled', { uri });
  }

  /** The file's diagnostics as last published (undefined before any). */
  diagnostics(uri: string): Diagnostic[] | undefined {
    return this.#diagnostics.get(uri)?.list;
  }

  /** Waits for the next publish of any file's diagnostics. */
  nextPublish(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      await this.connection.sendRequest('shutdown').catch(() => undefined);
      await this.connection.sendNotification('exit').catch(() => undefined);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000).unref())]);
      if (this.child.exitCode === null) this.child.kill();
    }
    this.connection.dispose();
  }
}

/** The LSP position of an offset of a text. */
export function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** The offset of a text's range start. */
export function offsetAt(text: string, p: { line: number; character: number }): number {
  const lines = text.split('\n');
  return lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
}
