import { expect } from 'chai';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beanFileXsd, BEANS_NAMESPACE } from '../../src/beans/schema/bean-file-xsd.js';
import { builtInRegistry } from '../../src/catalog/catalog.js';
import { runCli, REPO_ROOT } from '../support/run-cli.js';

/** The enumeration values of a named simple type of the schema. */
function enumeration(xsd: string, type: string): string[] {
  const body = new RegExp(`<xs:simpleType name="${type}">([\\s\\S]*?)</xs:simpleType>`).exec(xsd);
  expect(body, `the schema defines ${type}`).not.to.equal(null);
  return [...body![1].matchAll(/<xs:enumeration value="([^"]*)"/g)].map((m) => m[1]);
}

describe('the bean file XML Schema (schema --xsd, for XML editors)', () => {
  const registry = builtInRegistry();
  const xsd = beanFileXsd(registry);

  it('is well formed XML, an xs:schema for Spring\'s beans namespace', () => {
    expect(XMLValidator.validate(xsd)).to.equal(true);
    const root = new XMLParser({ ignoreAttributes: false }).parse(xsd)['xs:schema'];
    expect(root['@_targetNamespace']).to.equal(BEANS_NAMESPACE);
    for (const c of xsd.match(/<!--[\s\S]*?-->/g) ?? []) expect(c.slice(4, -3)).not.to.contain('--');
  });

  it('restricts class to every registry name and Heritrix alias, and property names to the properties some component has', () => {
    const classes = enumeration(xsd, 'className');
    const properties = enumeration(xsd, 'propertyName');
    for (const d of registry.descriptors()) {
      expect(classes).to.include.members([d.name, ...(d.aliases ?? [])]);
      expect(properties).to.include.members([...Object.keys(d.props), ...Object.keys(d.refs ?? {})]);
    }
    expect(classes.indexOf('FetchHttp'), 'registry names come before aliases').to.be.below(classes.indexOf('org.archive.modules.fetcher.FetchHTTP'));
  });

  it('knows every class and property name the profiles and sheets write', () => {
    const classes = new Set(enumeration(xsd, 'className'));
    const properties = new Set(enumeration(xsd, 'propertyName'));
    for (const folder of ['profiles', 'sheets']) {
      for (const name of readdirSync(join(REPO_ROOT, folder)).filter((f) => f.endsWith('.xml'))) {
        const text = readFileSync(join(REPO_ROOT, folder, name), 'utf8');
        expect(XMLValidator.validate(text), `${folder}/${name} is well formed`).to.equal(true);
        for (const c of text.match(/<!--[\s\S]*?-->/g) ?? []) expect(c.slice(4, -3), `${folder}/${name}: XML allows no -- inside a comment (XSD ` +
          `editors reject the file)`).not.to.contain('--');
        for (const m of text.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<bean\b[^>]*\sclass="([^"]+)"/g)) expect(classes.has(m[1]), `${folder}/${name}: class ${m[1]}`).to.equal(true);
        for (const m of text.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<property\s+name="([^"]+)"/g)) expect(properties.has(m[1]), `${folder}/${name}: property ${m[1]}`).to.equal(true);
      }
    }
  });

  it('is what `beancrawl schema --xsd` prints', async function () {
    this.timeout(30_000);
    const printed = await runCli(['schema', '--xsd']);
    expect(printed.code, printed.stderr).to.equal(0);
    expect(printed.stdout.trimEnd()).to.equal(xsd.trimEnd());
  });
});
