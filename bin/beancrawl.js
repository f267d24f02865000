#!/usr/bin/env node
// The beancrawl command: runs the compiled CLI from dist/ (built by `npm install` / `npm run build`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('beancrawl: not built yet; run "npm install" or "npm run build" in the beancrawl folder\n');
  process.exit(1);
}
const { run } = await import(entry.href);
process.exitCode = await run(process.argv.slice(2));
