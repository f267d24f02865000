import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_IN_COMPONENTS } from '../../src/catalog/catalog.js';
import { VERSION } from '../../src/util/version.js';
import { REPO_ROOT } from '../support/run-cli.js';

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));

describe('the package', () => {
  it('reports the version package.json declares', () => {
    expect(VERSION).to.equal(pkg.version);
  });

  it('pins every dependency to an exact version', () => {
    for (const [name, range] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
      expect(range, name).to.match(/^\d+\.\d+\.\d+$/);
    }
  });

  it('bundles a precompiled validator for every built-in component, made by the build', () => {
    // The build writes them over dist/src/beans/resolve/precompiled-validators.js (a bare tsc puts the stand-in back) before bundling.
    const bundle = readFileSync(join(REPO_ROOT, 'dist', 'beancrawl.cjs'), 'latin1');
    // Minified: a name that is an identifier loses its quotes.
    for (const d of BUILT_IN_COMPONENTS) {
      expect(bundle.includes(`${JSON.stringify(d.name)}:()=>{`) || bundle.includes(`${d.name}:()=>{`), d.name).to.equal(true);
    }
  });

  it('lists each component name and alias once', () => {
    const names = BUILT_IN_COMPONENTS.flatMap((d) => [d.name, ...(d.aliases ?? [])]);
    expect(new Set(names).size).to.equal(names.length);
  });
});
