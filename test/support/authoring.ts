/** Cursors in bean files, and the context completion and hover get, for the tests of src/beans/authoring. */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtInRegistry } from '../../src/catalog/catalog.js';
import { REPO_ROOT } from './run-cli.js';
import type { AuthoringContext } from '../../src/beans/authoring/authoring-context.js';

/** The real registry, as the console and the language server give it. */
export const context: AuthoringContext = {
  registry: builtInRegistry(),
  classpathResources: ['profiles/default.xml', 'profiles/default.json', 'sheets/polite.xml'],
};

/** A text with its cursor: the `|` marks the offset and is taken out. */
export function cursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  expect(offset, 'the text marks a cursor with |').to.be.at.least(0);
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

/** A profile with `find` replaced by `edit`, whose `|` marks the cursor (profiles hold `|` of their own). */
export function profileWith(file: string, find: string, edit: string): { text: string; offset: number } {
  const whole = readFileSync(join(REPO_ROOT, 'profiles', file), 'utf8');
  const at = whole.indexOf(find);
  expect(at, `profiles/${file} holds ${find}`).to.be.at.least(0);
  const { text, offset } = cursor(edit);
  return { text: whole.slice(0, at) + text + whole.slice(at + find.length), offset: at + offset };
}

export function profile(file: string): string {
  return readFileSync(join(REPO_ROOT, 'profiles', file), 'utf8');
}
