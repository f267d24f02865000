import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ComponentDescriptor } from '../../src/beans/registry/component-descriptor.js';
import { BUILT_IN_COMPONENTS } from '../../src/catalog/catalog.js';
import { Configurable } from '../../src/model/configurable.js';
import { REPO_ROOT } from '../support/run-cli.js';

/**
 * Sheets honoured by construction: a component with a property declared overlayable holds its
 * configuration in `Configurable`, whose `config` omits those properties (the compiler refuses a
 * read of one), so they are reached only through `configFor(curi)`. These checks keep the
 * back doors shut: every such component is Configurable, none re-declares a wider `config`, none
 * reads an overlayable property off `this.config` (by a cast), nothing outside the mechanism
 * merges overlays itself, and the base values are read for no URI only where listed here.
 */
const SRC = join(REPO_ROOT, 'src');

/** Where `configForNoUri()` is read, and why no URI is concerned. */
const NO_URI_READS: Record<string, string> = {
  'components/scope/surt-prefixed-decide-rule.ts': 'seed-list directives read once at start',
  'components/metadata/crawl-metadata.ts': 'the identity of a WARC file\'s warcinfo record',
  'components/frontier/work-queue-frontier.ts': 'a queue restored from the store, before any of its URIs is seen',
  'components/fetch/fetch-http.ts': 'the connection pool, made once at start (its connect timeout)',
  'components/frontier/precedence/base-queue-precedence-policy.ts': 'the precedence of a queue restored from the store, kept before precedences were stored',
  'components/frontier/precedence/highest-uri-queue-precedence-policy.ts': 'the precedence of a queue restored from the store, kept before ' +
    'precedences were stored',
  'components/frontier/precedence/success-counts-queue-precedence-policy.ts': 'the precedence of a queue restored from the store, kept before ' +
    'precedences were stored',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const FILES = sourceFiles(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));

function overlayableOf(d: ComponentDescriptor): string[] {
  return Object.entries(d.props).filter(([, spec]) => spec.overlayable).map(([name]) => name);
}

/** Any class. */
type ClassValue = abstract new (...args: never[]) => unknown;

/** The files that declare a class and the classes it extends, up to Configurable. */
function classFiles(cls: ClassValue): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  for (let c: ClassValue | null = cls; c && c !== Configurable && c !== Object; c = Object.getPrototypeOf(c) as ClassValue | null) {
    const file = FILES.find((f) => new RegExp(`\\bclass ${c!.name}\\b`).test(f.text));
    if (file && !out.includes(file)) out.push(file);
  }
  return out;
}

describe('sheets are honoured by construction', () => {
  const withOverlayables = BUILT_IN_COMPONENTS.filter((d) => d.load && overlayableOf(d).length > 0);

  it('finds the components that declare overlayable properties', () => {
    expect(withOverlayables.length).to.be.greaterThan(30);
  });

  for (const d of withOverlayables) {
    const names = overlayableOf(d);
    it(`${d.name}: is Configurable and reads ${names.join(', ')} only through configFor(curi)`, async () => {
      const cls = await d.load!();
      expect(cls.prototype instanceof Configurable, `${d.name}'s class ${cls.name} must extend Configurable (model/configurable.ts)`).to.equal(true);
      const files = classFiles(cls);
      expect(files, `the source of ${cls.name}`).to.not.be.empty;
      for (const { path, text } of files) {
        expect(text, `${path} re-declares config`).to.not.match(/(readonly|override)\s+config\s*[:=]/);
        for (const name of names) {
          expect(text, `${path} reads ${name} off ` +
            `this.config`).to.not.match(new RegExp(`this\\.config(\\s+as\\s+[^)]*\\))?\\.${name}\\b|\\b${name}\\b[^}=]*\\}\\s*=\\s*this\\.config\\b`));
        }
      }
    });
  }

  it('merges overlays only in the mechanism (sheets, Configurable)', () => {
    const merging = FILES.filter((f) => /\.overlay\??\.configFor\(|overlay\.configFor\(/.test(f.text)).map((f) => f.path);
    expect(merging).to.deep.equal(['model/configurable.ts']);
  });

  it('reads base values for no URI only where listed, with a reason', () => {
    const readers = FILES.filter((f) => f.path !== 'model/configurable.ts' && /configForNoUri\(\)/.test(f.text)).map((f) => f.path).sort();
    expect(readers).to.deep.equal(Object.keys(NO_URI_READS).sort());
  });
});
