// The whole extension: start `beancrawl lsp` for bean files. The server does the work.
const { workspace } = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

exports.activate = async function activate() {
  const [command, ...args] = workspace.getConfiguration('beancrawl').get('command') ?? ['beancrawl', 'lsp'];
  client = new LanguageClient('beancrawl', 'beancrawl bean files', { command, args, transport: TransportKind.stdio }, {
    documentSelector: [
      { scheme: 'file', pattern: '**/crawler-beans.{xml,cxml,json}' },
      { scheme: 'file', pattern: '**/sheets/*.{xml,json}' },
      { scheme: 'file', pattern: '**/profiles/*.{xml,json}' },
    ],
  });
  await client.start();
};

exports.deactivate = function deactivate() {
  return client?.stop();
};
