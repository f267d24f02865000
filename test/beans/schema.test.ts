import { expect } from 'chai';
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beanFileSchema } from '../../src/beans/schema/bean-file-schema.js';
import { builtInRegistry } from '../../src/catalog/catalog.js';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createJob } from '../../src/job/create-job.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { verifyText } from '../support/verify-text.js';

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

  it('compiles in Ajv\'s strict mode', () => {
    expect(() => new Ajv({ strict: true }).compile(beanFileSchema(builtInRegistry()))).to.not.throw();
  });

  describe('agrees with verify on every value: a JSON value has its JSON type', () => {
    const file = (value: unknown) => ({ beans: { disposition: { class: 'DispositionProcessor', properties: { minDelayMs: value } } } });
    const verdicts = async (value: unknown) => {
      const r = await verifyText({ 'crawler-beans.json': JSON.stringify(file(value), null, 1) }, { registry: builtInRegistry() });
      return { schema: validate(file(value)), verify: r.errors.filter((l) => l.includes(': error ')) };
    };

    it('a number is accepted by both', async () => {
      const v = await verdicts(5);
      expect(v.schema).to.equal(true);
      expect(v.verify).to.deep.equal([]);
    });

    it('a numeric string ("5" for an integer) is refused by both, verify at the value', async () => {
      const v = await verdicts('5');
      expect(v.schema).to.equal(false);
      expect(v.verify).to.have.length(1);
      expect(v.verify[0]).to.match(/^crawler-beans\.json:6:\d+: error BC_PROP_TYPE: .*minDelayMs/);
    });

    it('a string holding a placeholder is accepted by both (verify converts what it is filled with)', async () => {
      const v = await verdicts('${MIN_DELAY:5}');
      expect(v.schema).to.equal(true);
      expect(v.verify).to.deep.equal([]);
    });

    it('a boolean written as a string is refused by both', async () => {
      const broken = { beans: { seeds: { class: 'TextSeedModule', properties: { sourceTagSeeds: 'true' } } } };
      expect(validate(broken)).to.equal(false);
      const r = await verifyText({ 'crawler-beans.json': JSON.stringify(broken) }, { registry: builtInRegistry() });
      expect(r.errors.some((l) => l.includes('error BC_PROP_TYPE') && l.includes('sourceTagSeeds')), r.errors.join('\n')).to.equal(true);
    });
  });

  it('beancrawl create --profile default.json keeps "$schema", pointing at the schema from the job folder', async () => {
    const work = await tempDir();
    try {
      const written = await createJob(join(work.dir, 'job'), { profile: 'default.json', seeds: ['https://example.org/'], contact: 'https://example.org/c' });
      const json = JSON.parse(await readFile(written, 'utf8'));
      expect(Object.keys(json)[0]).to.equal('$schema');
      const target = resolve(dirname(written), json.$schema);
      expect(target).to.equal(join(REPO_ROOT, 'docs', 'reference', 'bean-file.schema.json'));
      expect(existsSync(target)).to.equal(true);
      expect(validate(json), JSON.stringify(validate.errors)).to.equal(true);
    } finally {
      await work.cleanup();
    }
  });
});
