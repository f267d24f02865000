#!/usr/bin/env node
// The beancrawl command. It runs the bundled CLI (dist/beancrawl.mjs, one file, which starts
// faster) or the compiled modules, both built by `npm install` / `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist/beancrawl.mjs', import.meta.url);
const modules = new URL('../dist/src/cli/bin-entry.js', import.meta.url);
if (existsSync(fileURLToPath(bundle))) {
  await import(bundle.href);
} else if (existsSync(fileURLToPath(modules))) {
  await import(modules.href);
} else {
  process.stderr.write('beancrawl: not built yet; run "npm install" or "npm run build" in the beancrawl folder\n');
  process.exit(1);
}
