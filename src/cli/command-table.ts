import type { CliCommand } from './cli-command.js';
import { beansCommand } from './commands/beans-command.js';
import { controlCommand } from './commands/control-command.js';
import { crawlCommand } from './commands/crawl-command.js';
import { createCommand } from './commands/create-command.js';
import { demoCommand } from './commands/demo-command.js';
import { docsCommand } from './commands/docs-command.js';
import { explainCommand } from './commands/explain-command.js';
import { getCommand } from './commands/get-command.js';
import { indexCommand } from './commands/index-command.js';
import { jobsCommand } from './commands/jobs-command.js';
import { keysCommand } from './commands/keys-command.js';
import { botPageCommand } from './commands/bot-page-command.js';
import { launchCommand } from './commands/launch-command.js';
import { lspCommand } from './commands/lsp-command.js';
import { logsCommand } from './commands/logs-command.js';
import { searchCommand } from './commands/search-command.js';
import { schemaCommand } from './commands/schema-command.js';
import { serveCommand } from './commands/serve-command.js';
import { verifyCommand } from './commands/verify-command.js';

/**
 * Every command, in the order `--help` lists them. The parser, `--help` and each command's help
 * come from these entries, and test/docs/command-docs.test.ts holds the command line guide (docs/guide/command-line.md) to them:
 * a new command is a file in commands/ and a line here (and its section in that guide; `npm run docs` writes docs/reference/cli.md).
 */
export const COMMANDS: readonly CliCommand[] = [
  verifyCommand,
  beansCommand,
  createCommand,
  launchCommand,
  crawlCommand,
  demoCommand,
  controlCommand,
  jobsCommand,
  explainCommand,
  logsCommand,
  indexCommand,
  getCommand,
  searchCommand,
  serveCommand,
  keysCommand,
  botPageCommand,
  schemaCommand,
  lspCommand,
  docsCommand,
];

/** Heritrix commands to come: named so that trying one says "not yet" rather than "unknown". */
export const PLANNED_COMMANDS: readonly string[] = [];
