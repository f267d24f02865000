import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beanDocs } from '../../src/beans/schema/bean-docs.js';
import { beanFileSchema } from '../../src/beans/schema/bean-file-schema.js';
import { builtInRegistry } from '../../src/catalog/catalog.js';
import { errorDocs } from '../../src/util/error-docs.js';
import { REPO_ROOT } from '../support/run-cli.js';

const STALE = 'is stale: run "npm run docs" and commit the result';

async function committed(name: string): Promise<string> {
  return readFile(join(REPO_ROOT, 'docs', name), 'utf8');
}

describe('generated documentation', () => {
  it('docs/beans.md matches the component registry', async () => {
    expect((await committed('beans.md')).trimEnd(), `docs/beans.md ${STALE}`).to.equal(beanDocs(builtInRegistry()).trimEnd());
  });

  it('docs/errors.md matches the error code catalogue', async () => {
    expect((await committed('errors.md')).trimEnd(), `docs/errors.md ${STALE}`).to.equal(errorDocs().trimEnd());
  });

  it('docs/bean-file.schema.json matches the component registry', async () => {
    const schema = JSON.parse(await committed('bean-file.schema.json'));
    expect(schema, `docs/bean-file.schema.json ${STALE}`).to.deep.equal(beanFileSchema(builtInRegistry()));
  });
});
