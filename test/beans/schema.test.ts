import { expect } from 'chai';
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beanFileSchema } from '../../src/beans/schema/bean-file-schema.js';
import { builtInRegistry } from '../../src/catalog/catalog.js';
import { REPO_ROOT } from '../support/run-cli.js';

describe('the bean file JSON Schema (for editors)', () => {
  const validate = new Ajv({ allErrors: true, strict: false }).compile(beanFileSchema(builtInRegistry()));
  const profile = JSON.parse(readFileSync(join(REPO_ROOT, 'profiles', 'default.json'), 'utf8'));

  it('accepts the default JSON profile', () => {
    expect(validate(profile), JSON.stringify(validate.errors)).to.equal(true);
  });

  it('flags a misspelt property of a bean, selected by its class', () => {
    const broken = structuredClone(profile);
    broken.beans.metadata.properties.operatorContactUrll = 'x';
    expect(validate(broken)).to.equal(false);
    expect(validate.errors!.some((e) => e.keyword === 'additionalProperties' && e.instancePath === '/beans/metadata/properties')).to.equal(true);
  });

  it('flags an unknown class and a wrongly typed value', () => {
    const broken = structuredClone(profile);
    broken.beans.metadata.class = 'CrawlMetadat';
    broken.beans.seeds.properties.sourceTagSeeds = 'perhaps';
    expect(validate(broken)).to.equal(false);
    const paths = validate.errors!.map((e) => e.instancePath);
    expect(paths).to.include('/beans/metadata/class');
    expect(paths).to.include('/beans/seeds/properties/sourceTagSeeds');
  });
});
