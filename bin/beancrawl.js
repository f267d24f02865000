#!/usr/bin/env node
// The beancrawl command. It runs the bundled CLI (dist/beancrawl.cjs, one file built by
// `npm install` / `npm run build`) with V8's code cache beside it (dist/beancrawl.cjs.cache): the
// bundle's functions as V8 compiled them, so that a command does not parse 2.8 MB of JavaScript
// before it starts (Node 22's module.enableCompileCache, by hand for Node 20). The cache is kept
// against the bundle and this Node: V8 refuses one made for another source or version, and the
// command then writes it anew as it exits (a folder it may not write to is left as it is).
// Without a bundle, the compiled modules (dist/src) run instead.
import { isAscii } from 'node:buffer';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { Script, constants } from 'node:vm';

// undici's HTTP parser is WebAssembly. V8 compiles it at once (Liftoff) and, by default, again in
// the background with its optimising compiler, which a process waits for as it exits: 60–80 ms
// added to every short crawl, for a parser that is a small part of a long one's time. Set before
// any code is compiled, so that the code cache is made and read under the same flags.
setFlagsFromString('--liftoff-only');

const bundle = fileURLToPath(new URL('../dist/beancrawl.cjs', import.meta.url));
const modules = new URL('../dist/src/cli/bin-entry.js', import.meta.url);
if (existsSync(bundle)) {
  runBundle(bundle, `${bundle}.cache`);
} else if (existsSync(fileURLToPath(modules))) {
  await import(modules.href);
} else {
  process.stderr.write('beancrawl: not built yet; run "npm install" or "npm run build" in the beancrawl folder\n');
  process.exit(1);
}

function runBundle(file, cacheFile) {
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // No cache yet: this command makes it.
  }
  // The build writes the bundle in ASCII (its licence comments apart), which reads as latin1 in a
  // fifth of the time UTF-8 decoding takes.
  const bytes = readFileSync(file);
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file, cachedData, importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (cachedData === undefined || script.cachedDataRejected) {
    // Made as the command exits, the cache holds every function the command compiled.
    process.once('exit', () => {
      const temporary = `${cacheFile}.${process.pid}`;
      try {
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        // A read-only installation runs without a cache.
      }
    });
  }
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
}
