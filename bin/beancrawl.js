#!/usr/bin/env node
// The beancrawl command. It runs the bundled CLI (dist/beancrawl.cjs, one file built by
// `npm install` / `npm run build`) with V8's code cache beside it, so that a command does not
// parse 3 MB of JavaScript before it starts (Node 22's module.enableCompileCache, by hand for
// Node 20). Each command has a cache of its own (dist/beancrawl.cjs.verify.cache, ….launch.cache),
// holding the functions that command compiled: V8 deserialises a whole cache before the first
// line runs, and a verify that read a launch's cache paid for a launch's functions too. A command
// without one starts from dist/beancrawl.cjs.cache (the build's, from a launch). A cache V8 refuses
// (made for another source or Node version) is written anew as the command exits, and so is a
// missing one; a folder it may not write to is left as it is.
// Without a bundle, the compiled modules (dist/src) run instead.
// This file is CommonJS (bin/package.json): an ES module as the entry point loads Node's ES module
// loader before the first line, 5–10 ms that the bundle (CommonJS) does not need.
'use strict';
const { closeSync, existsSync, fstatSync, openSync, readSync, renameSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { setFlagsFromString } = require('node:v8');
const { Script, constants } = require('node:vm');

// Node compiles its own modules from a code cache made under V8's default flags, and V8 refuses that
// cache once any flag differs: each of Node's modules loaded after the flags below are set was
// compiled from its source (a launch loads 55, 20–30 ms). Those the command will load come first.
loadNodeModules(process.argv[2]);

// undici's HTTP parser is WebAssembly. V8 compiles it at once (Liftoff) and, by default, again in
// the background with its optimising compiler, which a process waits for as it exits: 60–80 ms
// added to every short crawl, for a parser that is a small part of a long one's time. Set before
// any code is compiled, so that the code cache is made and read under the same flags.
setFlagsFromString('--liftoff-only');
// V8 lets its old generation grow up to four times what survived the last full collection before it
// collects again. A crawl of many hosts keeps a steady 90 MB alive and makes garbage fast: its
// resident memory reached 550–700 MB at a million pages, three quarters of it heap pages holding
// garbage. Twice what survived is room enough (test/bench/million.bench.ts: docs/guide/performance.md).
setFlagsFromString('--heap-growing-percent=100');
// The young generation starts at 1 MB and doubles when most of what it held survived, as nearly
// all of a command's start does: a one-page launch made seven scavenges, each promoting what the
// old generation then had to mark (a mark-compact before it ended). In a command's first 250 ms it
// grows fourfold (to 4 MB, at its first growth): five scavenges and no mark-compact, 10–20 ms less
// for a launch. Then it doubles, as V8 has it: grown fourfold throughout, a crawl held 30 MB more
// resident memory for its whole run (docs/guide/performance.md).
const START_GROWTH = '--semi-space-growth-factor=4';
setFlagsFromString(START_GROWTH);
setTimeout(() => setFlagsFromString('--semi-space-growth-factor=2'), 250).unref();

const bundle = join(__dirname, '..', 'dist', 'beancrawl.cjs');
const modules = join(__dirname, '..', 'dist', 'src', 'cli', 'bin-entry.js');
if (existsSync(bundle)) {
  runBundle(bundle, commandCache(bundle, process.argv[2]), `${bundle}.cache`);
} else if (existsSync(modules)) {
  void import(pathToFileURL(modules).href);
} else {
  process.stderr.write('beancrawl: not built yet; run "npm install" or "npm run build" in the beancrawl folder\n');
  process.exit(1);
}

/**
 * Loads the modules of Node's that the command named by `word` loads, each from Node's own code
 * cache: every command's (its output streams, util's parseArgs, fs's promises and streams, os),
 * and a crawl's (sockets, a listening one's cluster, crypto, zlib, perf_hooks). One missed is only
 * slower to load (test/e2e/bundle-code-cache.test.ts looks for any).
 */
function loadNodeModules(word) {
  void process.stdout;
  void process.stderr;
  void require('node:util').parseArgs;
  void require('node:fs').WriteStream;
  for (const name of ['node:fs/promises', 'node:os']) require(name);
  if (!['launch', 'crawl', 'demo'].includes(word)) return;
  for (const name of ['node:net', 'node:cluster', 'node:crypto', 'node:zlib', 'node:perf_hooks']) require(name);
}

/** The cache of the command named by the first argument (`--version` is `version`), or none for words that name no command. */
function commandCache(file, word) {
  const name = /^-{0,2}([a-z][a-z-]{0,30})$/.exec(word ?? '')?.[1];
  return name === undefined ? undefined : `${file}.${name}.cache`;
}

function runBundle(file, ownCache, sharedCache) {
  // The command's own cache, else the shared one; with neither, the command makes its own.
  let cache;
  for (const candidate of [ownCache, sharedCache]) {
    if (candidate === undefined) continue;
    try {
      cache = openForReading(candidate);
      break;
    } catch {
      // None yet.
    }
  }
  const cacheFile = cache?.path ?? ownCache ?? sharedCache;
  const bundleFile = openForReading(file);
  // One buffer holds the bundle, then the cache: memory touched for the first time costs more than
  // the read itself on some machines (10–17 µs a 4 KiB page on a virtual one), and the cache's read
  // then reuses the pages of the bundle's (docs/guide/performance.md).
  const buffer = Buffer.allocUnsafeSlow(Math.max(bundleFile.size, cache?.size ?? 0));
  // The build writes the bundle in ASCII (scripts/bundle.mjs checks), which reads as latin1 in a
  // fifth of the time UTF-8 decoding takes, as the function CommonJS would have wrapped it in.
  // latin1Slice copies the bytes into a string of their own.
  const source = buffer.latin1Slice(0, readWhole(bundleFile, buffer));
  const cachedData = cache && buffer.subarray(0, readWhole(cache, buffer));
  const script = new Script(source, {
    filename: file, cachedData, importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (cachedData === undefined || script.cachedDataRejected) {
    // Made as the command exits, the cache holds every function the command compiled (one made
    // after starting from another cache would hold that one's too: a command without a cache of
    // its own that starts from the shared one leaves it as it is). A command that failed (a
    // mistyped name, bad input) may have stopped short: it only replaces a refused cache.
    process.once('exit', (code) => {
      if (code !== 0 && cachedData === undefined) return;
      const temporary = `${cacheFile}.${process.pid}`;
      try {
        // V8 takes a cache made under the flags it is read under: those of a command's start.
        setFlagsFromString(START_GROWTH);
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

/** A file opened for reading, with its size; readWhole closes it. */
function openForReading(path) {
  const fd = openSync(path, 'r');
  try {
    return { path, fd, size: fstatSync(fd).size };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

/** Reads the whole of an opened file into the start of `buffer` (as large as the file), closes it, and says how many bytes it read. */
function readWhole(file, buffer) {
  try {
    let at = 0;
    for (let n; at < file.size && (n = readSync(file.fd, buffer, at, file.size - at, at)) > 0;) at += n;
    return at;
  } finally {
    closeSync(file.fd);
  }
}
