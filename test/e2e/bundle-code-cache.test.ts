import { expect } from 'chai';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, runCli } from '../support/run-cli.js';
import { page, SiteServer } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
const BUNDLE = join(REPO_ROOT, 'dist', 'beancrawl.cjs');
const CONTACT = 'metadata.operatorContactUrl=http://example.org/contact';
const FAST = ['--set', 'disposition.delayFactor=0', '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=0'];

/** A copy of the package whose dist holds the built bundle and no code cache, so that its commands make their own. */
function packageCopy(dir: string): string {
  mkdirSync(join(dir, 'bin'));
  mkdirSync(join(dir, 'dist'));
  for (const name of ['beancrawl.js', 'package.json']) copyFileSync(join(REPO_ROOT, 'bin', name), join(dir, 'bin', name));
  copyFileSync(BUNDLE, join(dir, 'dist', 'beancrawl.cjs'));
  for (const name of ['package.json', 'node_modules', 'profiles', 'config', 'sheets']) symlinkSync(join(REPO_ROOT, name), join(dir, name));
  symlinkSync(join(REPO_ROOT, 'dist', 'src'), join(dir, 'dist', 'src'));
  return join(dir, 'bin', 'beancrawl.js');
}

/**
 * Runs a command with a preload that notes Node's own modules as the process exits: all it loaded,
 * and those loaded after the first V8 flag was set (bin/beancrawl.js sets them with node:v8's
 * setFlagsFromString, which the preload wraps).
 */
async function modulesLoaded(dir: string, args: readonly string[]): Promise<{ loaded: string[]; afterFlags: string[] }> {
  const out = join(dir, 'modules-loaded.json');
  const preload = join(dir, 'modules-loaded.cjs');
  writeFileSync(preload, `const v8 = require('node:v8');
const set = v8.setFlagsFromString;
let at;
v8.setFlagsFromString = (flags) => { at ??= process.moduleLoadList.length; return set(flags); };
process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify({ at, loaded: process.moduleLoadList })));
`);
  const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${preload}` };
  const r = await runCli(args, { env, timeoutMs: 60_000 });
  expect(r.code, r.stderr).to.equal(0);
  const { at, loaded } = JSON.parse(readFileSync(out, 'utf8')) as { at?: number; loaded: string[] };
  expect(at, 'bin/beancrawl.js set V8\'s flags').to.be.a('number');
  return { loaded, afterFlags: loaded.slice(at).filter((m) => m.startsWith('NativeModule ')) };
}

const caches = (dir: string): string[] => readdirSync(join(dir, 'dist')).filter((n) => n.endsWith('.cache')).sort();

describe('the bundle and its code caches', () => {
  it('leaves out only dependencies, which it finds from its own folder', async () => {
    expect(pkg.scripts.bundle).to.include('node scripts/bundle.mjs');
    const { EXTERNAL: externals } = await import(pathToFileURL(join(REPO_ROOT, 'scripts', 'bundle.mjs')).href) as { EXTERNAL: string[] };
    expect(externals).to.include.members(['cheerio', 'postal-mime']);
    const require = createRequire(BUNDLE);
    for (const name of externals) {
      expect(pkg.dependencies, name).to.have.property(name);
      expect(() => require.resolve(name), name).not.to.throw();
    }
  });

  it('holds none of the libraries that only some beans use at run time (cheerio, postal-mime, undici\'s fetch, WebSocket and mocks)', () => {
    const bundle = readFileSync(BUNDLE, 'latin1');
    // esbuild names each module it bundles by its path.
    const left = ['node_modules/cheerio/', 'node_modules/postal-mime/', 'node_modules/parse5/', 'node_modules/iconv-lite/',
      // htmlparser2's Parser alone: not its index, whose DomUtils load entities 4.
      'node_modules/domutils/', 'node_modules/dom-serializer/', 'node_modules/entities/',
      'node_modules/undici/index.js', 'node_modules/undici/lib/web/websocket/', 'node_modules/undici/lib/mock/'];
    for (const path of left) expect(bundle.includes(`"${path}`), path).to.equal(false);
  });

  it('a crawl of one page loads neither node:http nor node:assert, and every module of Node\'s it loads comes before V8\'s flags are set', async () => {
    const work = await tempDir();
    const site = await SiteServer.start({ '/': { body: page('One page') } });
    try {
      const job = join(work.dir, 'job');
      const created = await runCli(['create', job, '--profile', 'site-mirror', '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      expect(created.code, created.stderr).to.equal(0);
      const launch = await modulesLoaded(work.dir, ['launch', job, ...FAST]);
      expect(site.paths(), 'the page was fetched').to.include('/');
      expect(launch.loaded, 'the list of loaded modules was written').to.include('NativeModule zlib');
      for (const name of ['NativeModule http', 'NativeModule assert']) expect(launch.loaded).not.to.include(name);
      // Loaded later, a module is compiled from its source: Node's code cache is refused under other flags (bin/beancrawl.js).
      expect(launch.afterFlags, 'loaded after bin/beancrawl.js set V8\'s flags').to.deep.equal([]);
      const verify = await modulesLoaded(work.dir, ['verify', join(REPO_ROOT, 'profiles', 'default.xml'), '--set', CONTACT]);
      expect(verify.afterFlags, 'loaded by a verify after bin/beancrawl.js set V8\'s flags').to.deep.equal([]);
    } finally {
      await site.close();
      await work.cleanup();
    }
  });

  it('a crawl of a site that closes each connection formats no stack of undici\'s errors for a connection\'s end', async () => {
    const work = await tempDir();
    const close = { connection: 'close' };
    const site = await SiteServer.start({
      '/': { headers: close, body: page('Home', ['/a', '/b']) },
      '/a': { headers: close, body: page('A') },
      '/b': { headers: close, body: page('B') },
      '/robots.txt': { status: 404, headers: close },
    });
    try {
      const job = join(work.dir, 'job');
      const created = await runCli(['create', job, '--profile', 'site-mirror', '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      expect(created.code, created.stderr).to.equal(0);
      // V8 calls Error.prepareStackTrace whenever an error's stack is formatted (Node's stream destroy reads it), with its frames.
      const out = join(work.dir, 'stacks.json');
      const preload = join(work.dir, 'stacks.cjs');
      writeFileSync(preload, `const seen = {};
Error.prepareStackTrace = (error, frames) => {
  const key = error.name + ' ' + frames.length;
  if (/^(InformationalError|ClientDestroyedError)$/.test(error.name)) seen[key] = (seen[key] ?? 0) + 1;
  return [String(error), ...frames.map((f) => '    at ' + f)].join('\\n');
};
process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(seen)));
`);
      const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${preload}` };
      const r = await runCli(['launch', job, ...FAST], { env, timeoutMs: 60_000 });
      expect(r.code, r.stderr).to.equal(0);
      expect(site.paths(), 'every page was fetched').to.include.members(['/', '/a', '/b']);
      const seen = JSON.parse(readFileSync(out, 'utf8')) as Record<string, number>;
      expect(seen, 'the connections\' ends were seen: undici destroyed each socket with an InformationalError').to.have.property('InformationalError 0');
      expect(Object.keys(seen).filter((k) => !k.endsWith(' 0')), 'errors formatted with their frames (scripts/bundle.mjs: framelessError)').to.deep.equal([]);
    } finally {
      await site.close();
      await work.cleanup();
    }
  });

  it('the build made a cache for create, verify and launch, and the shared one', () => {
    const made = ['beancrawl.cjs.cache', 'beancrawl.cjs.create.cache', 'beancrawl.cjs.launch.cache', 'beancrawl.cjs.verify.cache'];
    expect(caches(REPO_ROOT)).to.include.members(made);
  });

  it('a command makes its own cache when there is none, uses it the next time, and a failed command makes none', async () => {
    const work = await tempDir();
    try {
      const bin = packageCopy(work.dir);
      const profile = join(REPO_ROOT, 'profiles', 'default.xml');
      const first = await runCli(['--version'], { bin, timeoutMs: 60_000 });
      expect(first.code, first.stderr).to.equal(0);
      expect(caches(work.dir)).to.deep.equal(['beancrawl.cjs.version.cache']);
      const wrong = await runCli(['verfy', profile], { bin, timeoutMs: 60_000 });
      expect(wrong.code, wrong.stderr).to.equal(2);
      expect(caches(work.dir)).to.deep.equal(['beancrawl.cjs.version.cache']);
      const verify = await runCli(['verify', profile, '--set', CONTACT], { bin, timeoutMs: 60_000 });
      expect(verify.code, verify.stderr).to.equal(0);
      expect(verify.stdout).to.match(/^OK: /);
      expect(caches(work.dir)).to.deep.equal(['beancrawl.cjs.verify.cache', 'beancrawl.cjs.version.cache']);
      const again = await runCli(['verify', profile, '--set', CONTACT], { bin, timeoutMs: 60_000 });
      expect(again.code, again.stderr).to.equal(0);
      expect(again.stdout).to.equal(verify.stdout);
      expect(existsSync(join(work.dir, 'dist', 'beancrawl.cjs.cache'))).to.equal(false);
    } finally {
      await work.cleanup();
    }
  });
});
