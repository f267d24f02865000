import { createRequire } from 'node:module';
import type { ClassicLevel } from 'classic-level';

let loaded: typeof ClassicLevel | undefined;

/**
 * classic-level's database class, loaded when a database is first opened: its native addon and
 * the JavaScript around it took 10–20 ms of every command that loads the catalog (a verify too),
 * where only a launch and the state's own commands open a database.
 */
export function classicLevel(): typeof ClassicLevel {
  return (loaded ??= load().ClassicLevel);
}

function load(): typeof import('classic-level') {
  // In the bundle (CommonJS), `require` is its own: esbuild takes classic-level's JavaScript in, so
  // that it runs from the code cache rather than being compiled at each launch (10–20 ms); its
  // native addon stays in node_modules (scripts/bundle.mjs). As an ES module, there is no `require`.
  if (typeof require === 'function') return require('classic-level') as typeof import('classic-level');
  return createRequire(import.meta.url)('classic-level') as typeof import('classic-level');
}
