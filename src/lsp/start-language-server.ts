import { fileURLToPath } from 'node:url';
import {
  CodeActionKind, createConnection, DidChangeWatchedFilesNotification, MarkupKind, ResponseError, StreamMessageReader, StreamMessageWriter, SymbolKind, TextDocuments, TextDocumentSyncKind,
  type Connection, type DocumentSymbol, type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { AuthoringContext } from '../beans/authoring/authoring-context.js';
import { beanFileMap, type BeanSymbol } from '../beans/authoring/bean-file-map.js';
import { completeAt } from '../beans/authoring/complete-at.js';
import { hoverAt } from '../beans/authoring/hover-at.js';
import { builtInRegistry } from '../catalog/catalog.js';
import { BeanNavigation, rangeOf } from './bean-navigation.js';
import { BeanWorkspace } from './bean-workspace.js';
import { LineOffsets } from './line-offsets.js';
import { quickFixes } from './quick-fixes.js';
import { toCompletionItem } from './to-completion-item.js';

export interface LanguageServerOptions {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  /** How long after a keystroke verify runs (ms; `initializationOptions.debounceMs` overrides it). */
  readonly debounceMs?: number;
}

/** A request the tests and benchmark send: answers once the file's verify has run and its diagnostics are published. */
export const SETTLED_REQUEST = 'beancrawl/settled';

/**
 * `beancrawl lsp`: the Language Server Protocol over a pair of streams, for XML and JSON bean
 * files, sheets and imported files. Diagnostics are verify's (all three levels, over the unsaved
 * texts); completion and hover are the authoring functions the console uses; definition,
 * references, rename and symbols come from the files' bean maps; quick fixes from verify's
 * "did you mean". A request that fails is answered with an error; the server goes on.
 * Resolves when the client disconnects.
 */
export function startLanguageServer(options: LanguageServerOptions): Promise<void> {
  const connection: Connection = createConnection(new StreamMessageReader(options.input), new StreamMessageWriter(options.output));
  const documents = new TextDocuments(TextDocument);
  let snippets = false;
  let workspace = new BeanWorkspace(events(), options.debounceMs ?? 60);
  let navigation = new BeanNavigation(workspace);

  function events() {
    return {
      publish: (uri: string, diagnostics: import('vscode-languageserver/node').Diagnostic[]) => void connection.sendDiagnostics({ uri, diagnostics }),
      log: (message: string) => connection.console.error(message),
    };
  }

  let watch = false;
  connection.onInitialize((params): InitializeResult => {
    snippets = params.capabilities.textDocument?.completion?.completionItem?.snippetSupport === true;
    watch = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    const debounce = (params.initializationOptions as { debounceMs?: unknown } | undefined)?.debounceMs;
    if (typeof debounce === 'number' && debounce >= 0 && debounce <= 60_000) {
      workspace = new BeanWorkspace(events(), debounce);
      navigation = new BeanNavigation(workspace);
    }
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ['<', '"', "'", '.', ' ', '/', ':', '='], resolveProvider: true },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        documentSymbolProvider: true,
      },
      serverInfo: { name: 'beancrawl' },
    };
  });

  /** A file: URI's path, or undefined (an untitled buffer is completed, not verified). */
  const pathOf = (uri: string): string | undefined => {
    try {
      return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
    } catch {
      return undefined;
    }
  };
  const safely = <A extends unknown[]>(what: string, fn: (...args: A) => unknown) => (...args: A): void => {
    try {
      void Promise.resolve(fn(...args)).catch((e: unknown) => connection.console.error(`beancrawl lsp: ${what}: ${(e as Error).stack ?? String(e)}`));
    } catch (e) {
      connection.console.error(`beancrawl lsp: ${what}: ${(e as Error).stack ?? String(e)}`);
    }
  };

  // Files read with an open one but not open themselves (imports, sheets) may change on disk: verify again.
  connection.onInitialized(safely('initialized', async () => {
    if (watch) await connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{xml,cxml,json}' }] });
  }));
  connection.onDidChangeWatchedFiles(safely('watched files', (params) => {
    for (const change of params.changes ?? []) {
      const path = pathOf(change.uri);
      if (path) workspace.changedOnDisk(path);
    }
  }));

  documents.onDidOpen(safely('open', (e) => {
    const path = pathOf(e.document.uri);
    if (path) return workspace.open(path, e.document.uri, e.document.getText(), e.document.version);
  }));
  documents.onDidChangeContent(safely('change', (e) => {
    const path = pathOf(e.document.uri);
    if (path) workspace.change(path, e.document.getText(), e.document.version);
  }));
  documents.onDidClose(safely('close', (e) => {
    const path = pathOf(e.document.uri);
    if (path) workspace.close(path);
  }));

  /** The open document a request is about, with what completion and hover know of it. */
  const at = (uri: string, position: { line: number; character: number }) => {
    const doc = documents.get(uri);
    if (!doc) throw new ResponseError(-32602, `${uri} is not open: open it (didOpen) first`);
    const path = pathOf(uri);
    const context: AuthoringContext = path ? workspace.contextFor(path) : { registry: builtInRegistry() };
    const text = doc.getText();
    // A file's format by its name; an untitled buffer's by the language the editor gives it.
    const json = path ? path.toLowerCase().endsWith('.json') : doc.languageId === 'json' || doc.languageId === 'jsonc';
    const format = json ? 'json' as const : 'xml' as const;
    return { doc, path, text, format, context, offset: doc.offsetAt(position), lines: new LineOffsets(text) };
  };
  const file = (uri: string): string => {
    const path = pathOf(uri);
    if (!path || !documents.get(uri)) throw new ResponseError(-32602, `${uri} is not an open file: open it (didOpen) first`);
    return path;
  };

  // The documentation of the last list's items, sent when the editor shows one (completionItem/resolve).
  let documentation: { list: number; docs: Array<string | undefined> } = { list: 0, docs: [] };
  connection.onCompletion((params) => {
    const { text, offset, format, context, lines } = at(params.textDocument.uri, params.position);
    const completions = completeAt(text, offset, format, context);
    documentation = { list: documentation.list + 1, docs: completions.map((c) => c.documentation) };
    const list = documentation.list;
    return {
      isIncomplete: false,
      items: completions.map((c, i) => ({ ...toCompletionItem(c, i, lines, snippets, false), ...(c.documentation !== undefined ? { data: { list, item: i } } : {}) })),
    };
  });
  connection.onCompletionResolve((item) => {
    const data = item.data as { list?: unknown; item?: unknown } | undefined;
    const doc = data?.list === documentation.list && typeof data.item === 'number' ? documentation.docs[data.item] : undefined;
    return doc === undefined ? item : { ...item, documentation: { kind: MarkupKind.Markdown, value: doc } };
  });

  connection.onHover((params) => {
    const { text, offset, format, context, lines } = at(params.textDocument.uri, params.position);
    const hover = hoverAt(text, offset, format, context);
    return hover ? { contents: { kind: MarkupKind.Markdown, value: hover.contents }, range: rangeOf(lines, hover.from, hover.to) } : null;
  });

  connection.onDefinition(async (params) => {
    const { offset } = at(params.textDocument.uri, params.position);
    return navigation.definition(file(params.textDocument.uri), offset);
  });

  connection.onReferences(async (params) => {
    const { offset } = at(params.textDocument.uri, params.position);
    return navigation.references(file(params.textDocument.uri), offset, params.context?.includeDeclaration !== false);
  });

  connection.onPrepareRename(async (params) => {
    const { offset } = at(params.textDocument.uri, params.position);
    return (await navigation.prepareRename(file(params.textDocument.uri), offset)) ?? null;
  });

  connection.onRenameRequest(async (params) => {
    const { offset } = at(params.textDocument.uri, params.position);
    const edit = await navigation.rename(file(params.textDocument.uri), offset, String(params.newName));
    if ('error' in edit) throw new ResponseError(-32803, edit.error);
    return edit;
  });

  connection.onCodeAction((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return [];
    return quickFixes(params.textDocument.uri, params.context?.diagnostics ?? [], (d) => doc.getText(d.range));
  });

  connection.onDocumentSymbol((params): DocumentSymbol[] => {
    const { text, format, context, lines } = at(params.textDocument.uri, { line: 0, character: 0 });
    const symbol = (s: BeanSymbol, top: boolean): DocumentSymbol => ({
      name: s.id ?? s.className ?? 'bean',
      ...(s.className !== undefined && s.id !== undefined ? { detail: s.className } : {}),
      kind: top ? SymbolKind.Class : SymbolKind.Object,
      range: rangeOf(lines, s.from, s.to),
      selectionRange: rangeOf(lines, Math.max(s.from, s.selection.from), Math.min(s.to, s.selection.to)),
      children: s.children.map((c) => symbol(c, false)),
    });
    return beanFileMap(text, format, context).symbols.map((s) => symbol(s, true));
  });

  connection.onRequest(SETTLED_REQUEST, async (params: { uri?: unknown }) => {
    if (typeof params?.uri !== 'string') throw new ResponseError(-32602, 'beancrawl/settled takes {"uri": "file:…"}');
    const path = pathOf(params.uri);
    if (path) await workspace.settled(path);
    return null;
  });

  documents.listen(connection);
  return new Promise<void>((resolve) => {
    connection.onExit(() => resolve());
    connection.onShutdown(() => undefined);
    options.input.on('end', () => resolve());
    connection.listen();
  });
}
