import { EXIT_OK } from '../../util/exit-codes.js';
import { defineCommand } from '../cli-command.js';

/** `beancrawl lsp`: the language server of bean files, over stdin and stdout. */
export const lspCommand = defineCommand({
  names: ['lsp'],
  options: {
    stdio: { description: 'speak over stdin and stdout (the default and only transport; editors pass it)' },
    debounce: {
      value: 'MS', description: 'verify this long after the last keystroke (default 60)',
      check: (v) => (/^\d+$/.test(v) && Number(v) <= 60_000 ? undefined : 'expected a whole number of milliseconds up to 60000'),
    },
  },
  summary: 'Run the language server of bean files (LSP over stdio) for editors.',
  details: 'Diagnostics of all three levels of verify as you type (unsaved text, the files imported '
    + 'and importing), completion, hover, go to definition, references, rename of a bean id, quick '
    + 'fixes for misspelt names and the beans as symbols, in XML and JSON bean files and sheets. '
    + 'An editor starts it and talks to it over stdin and stdout; see docs/guide/editors.md for VS Code and Neovim.',
  async run({ options }) {
    // Nothing but the protocol may reach stdout: whatever a module logs goes to stderr.
    console.log = console.error;
    console.info = console.error;
    const { startLanguageServer } = await import('../../lsp/start-language-server.js');
    await startLanguageServer({ input: process.stdin, output: process.stdout, debounceMs: options.debounce === undefined ? undefined : Number(options.debounce) });
    return EXIT_OK;
  },
});
