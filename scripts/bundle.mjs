// The build's bundle step (package.json "bundle"): esbuild writes dist/src/cli/bin-entry.js and
// everything it loads into dist/beancrawl.cjs, which bin/beancrawl.js runs from V8's code cache.
// - The dependencies below stay outside, found from the package's folder when a bean needs them.
// - The file is the body of the function bin/beancrawl.js calls (CommonJS's five parameters), so
//   that its text is handed to V8 as it was read, not copied into a wrapper first, and it is ASCII
//   (licence comments go to dist/beancrawl.cjs.LEGAL.txt), so that it is read as latin1: no UTF-8
//   decoding, and no scan for other characters at each start.
// - Node's own modules that the compiled modules import (node:crypto, node:http…) load when first
//   used, not as the bundle starts: a verify never uses most of what a launch needs, and loading
//   them was a fifth of its start. Likewise undici's HTTP/2 client, which loads node:http2 and
//   node:tls (15–20 ms) for a crawl that may never meet an HTTP/2 server.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { builtinModules, createRequire } from 'node:module';
import { isAscii } from 'node:buffer';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Dependencies left out of the bundle (loaded from node_modules when used). */
export const EXTERNAL = ['jsonc-parser', 'fastify', '@fastify/swagger', 'vscode-languageserver',
  'vscode-languageserver-textdocument', 'imapflow', 'pg', 'ioredis', 'playwright-core', 'cheerio', 'postal-mime'];

const OUT = 'dist/beancrawl.cjs';
/** What the compiled modules' `import.meta.url` becomes. */
const MODULE_URL = "var __beancrawlModuleUrl = require('node:url').pathToFileURL(__filename).href;";
const require = createRequire(import.meta.url);
const BUILTIN = new Set(builtinModules);

/**
 * The compiled modules' `import … from 'node:x'` become an object whose properties load the
 * module the first time one is read. Its names are the module's own, listed as this build's Node
 * has them (the Node that `npm install` builds with is the one that runs the package). Imports
 * from bundled dependencies are left as they are: their require() runs only when they are loaded.
 */
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) => {
      if (args.kind !== 'import-statement' || !/[\\/]dist[\\/]src[\\/]/.test(args.importer) || /[\\/]node_modules[\\/]/.test(args.importer)) return undefined;
      if (!BUILTIN.has(args.path.slice('node:'.length))) return undefined;
      return { path: args.path, namespace: 'lazy-builtin' };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => {
      const names = Object.keys(require(args.path)).filter((k) => k !== 'default' && k !== '__esModule');
      return {
        loader: 'js',
        contents: `let loaded;\nconst load = () => (loaded ??= require(${JSON.stringify(args.path)}));\n`
          + `for (const name of ${JSON.stringify(names)}) Object.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });\n`
          // Frozen: no name can be added later, so every module that imports it may share one namespace (SHARED_NAMESPACES).
          + 'Object.freeze(exports);\n',
      };
    });
  },
};

/**
 * classic-level's JavaScript is bundled (src/components/state/classic-level-class.ts), its native
 * addon is not: the module that finds the addon from its own folder is left in node_modules.
 */
const classicLevelAddon = {
  name: 'classic-level-addon',
  setup(b) {
    b.onResolve({ filter: /^\.\/binding(\.js)?$/ }, (args) => (/[\\/]node_modules[\\/]classic-level[\\/][^\\/]+$/.test(args.importer)
      ? { path: 'classic-level/binding.js', external: true } : undefined));
  },
};

/**
 * esbuild's helper that gives an ES module's view of a CommonJS module (\`import { x } from\`)
 * makes a new namespace at every importing module, a getter per name: the lazy built-ins, imported
 * by a hundred modules each (node:path, node:fs/promises…), cost some 10,000 getters at each start.
 * The helper is wrapped so that a frozen module (the lazy built-ins are: no name can be added
 * later) gets one namespace, shared; any other gets a new one as before.
 */
const SHARED_NAMESPACES = [
  'var __toESM=(mod,isNodeMode,target)=>',
  'var __toESMShared=new WeakMap,__toESM=(mod,isNodeMode,target)=>mod!==null&&typeof mod=="object"&&Object.isFrozen(mod)'
    + '?(__toESMShared.get(mod)??__toESMShared.set(mod,[]).get(mod))[isNodeMode?1:0]??=__toESMNew(mod,isNodeMode):__toESMNew(mod,isNodeMode,target),'
    + '__toESMNew=(mod,isNodeMode,target)=>',
];

/**
 * Text replacements in bundled dependencies' files: [file, text, replacement]; each must match.
 * undici loads node:http (ten of Node's modules, 1.5–2 ms) for two things a crawl may never use:
 * a check on a stream it destroys (is it Node's own IncomingMessage?) and the default header size
 * limit of a client made without one. Both now read node:http when they are asked.
 */
const DEFERRED = [
  // Its one use is for a connection whose server chose HTTP/2 (ALPN).
  ['node_modules/undici/lib/dispatcher/client.js', "const connectH2 = require('./client-h2.js')",
    "const connectH2 = (client, socket) => require('./client-h2.js')(client, socket)"],
  ['node_modules/undici/lib/dispatcher/client.js', "const http = require('node:http')\n", ''],
  ['node_modules/undici/lib/dispatcher/client.js', `const getDefaultNodeMaxHeaderSize = http &&
  http.maxHeaderSize &&
  Number.isInteger(http.maxHeaderSize) &&
  http.maxHeaderSize > 0
  ? () => http.maxHeaderSize
  : () => { throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid') }`,
  `const getDefaultNodeMaxHeaderSize = () => {
  const size = require('node:http').maxHeaderSize
  if (Number.isInteger(size) && size > 0) return size
  throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid')
}`],
  ['node_modules/undici/lib/core/util.js', "const { IncomingMessage } = require('node:http')\n",
    "const isIncomingMessage = (type) => type?.name === 'IncomingMessage' && type === require('node:http').IncomingMessage\n"],
  ['node_modules/undici/lib/core/util.js', 'Object.getPrototypeOf(stream).constructor === IncomingMessage',
    'isIncomingMessage(Object.getPrototypeOf(stream).constructor)'],
  // Not deferrals: two of undici's errors, made at a connection's end, made without frames (below).
  ...['InformationalError', 'ClientDestroyedError'].map(framelessError),
];

/**
 * A replacement that has undici's error class `name` made without stack frames. undici destroys a
 * socket with an InformationalError ('reset' after the response of a connection that closes,
 * 'socket idle timeout'), and a host's client, once its last connection has closed, with a
 * ClientDestroyedError: a crawl makes one or both for every connection, each capturing its frames,
 * and Node's stream destroy reads the InformationalError's stack, so V8 formatted it too (and
 * found the bundle's 3 MB of line ends, the first time). A site that closes its connections
 * (Python's http.server, HTTP/1.0) paid some 70 µs a URI. Their frames are undici's own: a fetch
 * that fails with one (a request queued on a connection that closed, or cut short by the crawl's
 * stop) is logged by the error's name, message and code.
 */
function framelessError(name) {
  const text = `class ${name} extends UndiciError {
  constructor (message) {
    super(message)`;
  return ['node_modules/undici/lib/core/errors.js', text, `class ${name} extends UndiciError {
  constructor (message) {
    const limit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    try {
      super(message)
    } finally {
      Error.stackTraceLimit = limit
    }`];
}

const deferredRequires = {
  name: 'deferred-requires',
  setup(b) {
    for (const file of new Set(DEFERRED.map(([f]) => f))) {
      // By the end of its path: node_modules may be a link to another folder.
      b.onLoad({ filter: new RegExp(`[\\\\/]${file.split('/').map(escapeRegExp).join('[\\\\/]')}$`) }, (args) => {
        let source = readFileSync(args.path, 'utf8');
        for (const [, text, replacement] of DEFERRED.filter(([f]) => f === file)) {
          if (!source.includes(text)) throw new Error(`${file} no longer holds ${JSON.stringify(text)}: see DEFERRED in scripts/bundle.mjs`);
          source = source.replace(text, replacement);
        }
        deferred.add(file);
        return { contents: source, loader: 'js' };
      });
    }
  },
};
/** The files of DEFERRED the bundle took in: one it no longer holds is left out of the check. */
const deferred = new Set();

/**
 * undici calls node:assert as a function only (assert(value, message)), for checks that hold;
 * node:assert loads five more of Node's modules (1 ms) at its first line. Its calls go through
 * this function, which loads node:assert only for a check that fails, and throws what it throws.
 */
const undiciAssert = {
  name: 'undici-assert',
  setup(b) {
    b.onResolve({ filter: /^(node:)?assert$/ }, (args) => (/[\\/]node_modules[\\/]undici[\\/]/.test(args.importer)
      ? { path: 'undici-assert', namespace: 'undici-assert' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'undici-assert' }, () => ({
      loader: 'js',
      contents: "module.exports = function assert(value, message) {\n  if (!value) require('node:assert')(value, message);\n};\n",
    }));
  },
};

/**
 * The extractors use htmlparser2's Parser alone. Its package's index also re-exports DomUtils,
 * whose serialiser loads entities 4 and builds its decoding tables from a string as it loads
 * (3–4 ms of every crawl's first HTML page): the bundle takes the module that defines Parser.
 */
const htmlParserOnly = {
  name: 'htmlparser2-parser-only',
  setup(b) {
    b.onResolve({ filter: /^htmlparser2$/ }, (args) => {
      if (!/[\\/]dist[\\/]src[\\/]/.test(args.importer) || /[\\/]node_modules[\\/]/.test(args.importer)) return undefined;
      // The package exports only its index: its folder is found from the CommonJS entry (dist/commonjs/index.js).
      const parser = join(dirname(dirname(require.resolve('htmlparser2'))), 'esm', 'Parser.js');
      if (!existsSync(parser)) throw new Error(`${parser} not found: see htmlParserOnly in scripts/bundle.mjs`);
      return { path: parser };
    });
  },
};

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Imported (by the tests, for EXTERNAL), it builds nothing.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bundle();

async function bundle() {
  await build({
    entryPoints: ['dist/src/cli/bin-entry.js'],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    minifyWhitespace: true,
    minifySyntax: true,
    charset: 'ascii',
    legalComments: 'linked',
    logLevel: 'warning',
    outfile: OUT,
    external: EXTERNAL,
    define: { 'import.meta.url': '__beancrawlModuleUrl' },
    banner: { js: `(function (exports, require, module, __filename, __dirname) {${MODULE_URL}` },
    footer: { js: '})' },
    plugins: [lazyBuiltins, deferredRequires, undiciAssert, htmlParserOnly, classicLevelAddon],
  });
  const [helper, shared] = SHARED_NAMESPACES;
  const text = readFileSync(OUT, 'latin1');
  if (text.split(helper).length !== 2) {
    throw new Error(`${OUT} does not define esbuild's __toESM once as expected: see SHARED_NAMESPACES in scripts/bundle.mjs`);
  }
  writeFileSync(OUT, text.replace(helper, shared), 'latin1');
  for (const file of new Set(DEFERRED.map(([f]) => f))) {
    if (!deferred.has(file)) process.stderr.write(`scripts/bundle.mjs: ${file} is no longer bundled; DEFERRED may go\n`);
  }
  if (!isAscii(readFileSync(OUT))) throw new Error(`${OUT} is not ASCII: bin/beancrawl.js reads it as latin1`);
}
