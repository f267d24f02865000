import { createRequire } from 'node:module';
import type { ClassicLevel } from 'classic-level';

const require = createRequire(import.meta.url);
let loaded: typeof ClassicLevel | undefined;

/**
 * classic-level's database class, loaded when a database is first opened: its native addon and
 * the JavaScript around it took 10–20 ms of every command that loads the catalog (a verify too),
 * where only a launch and the state's own commands open a database.
 */
export function classicLevel(): typeof ClassicLevel {
  return (loaded ??= (require('classic-level') as typeof import('classic-level')).ClassicLevel);
}
