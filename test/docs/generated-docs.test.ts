import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beanDocs } from '../../src/beans/schema/bean-docs.js';
import { beanFileSchema } from '../../src/beans/schema/bean-file-schema.js';
import { builtInRegistry } from '../../src/catalog/catalog.js';
import { cliDocs } from '../../src/cli/cli-docs.js';
import { apiRoutes, httpApiDocs } from '../../src/server/http-api-docs.js';
import { openApiDocument } from '../../src/server/openapi-document.js';
import { ERROR_CODES } from '../../src/util/error-codes.js';
import { errorDocs } from '../../src/util/error-docs.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { documentedIn } from './docs-index.js';

const STALE = 'is stale: run "npm run docs" and commit the result';

let openApi: ReturnType<typeof openApiDocument> | undefined;
/** Built once for the two tests that read it (building the service's routes takes a few seconds on a loaded machine). */
const theOpenApiDocument = () => (openApi ??= openApiDocument());

async function committed(name: string): Promise<string> {
  return readFile(join(REPO_ROOT, 'docs', 'reference', name), 'utf8');
}

describe('generated documentation', () => {
  it('docs/reference/beans.md matches the component registry', async () => {
    expect((await committed('beans.md')).trimEnd(), `docs/reference/beans.md ${STALE}`).to.equal(beanDocs(builtInRegistry()).trimEnd());
  });

  it('docs/reference/errors.md matches the error code catalogue', async () => {
    expect((await committed('errors.md')).trimEnd(), `docs/reference/errors.md ${STALE}`).to.equal(errorDocs().trimEnd());
  });

  it('docs/reference/bean-file.schema.json matches the component registry', async () => {
    const schema = JSON.parse(await committed('bean-file.schema.json'));
    expect(schema, `docs/reference/bean-file.schema.json ${STALE}`).to.deep.equal(beanFileSchema(builtInRegistry()));
  });

  it('docs/reference/cli.md matches the command table and the exit codes', async () => {
    expect((await committed('cli.md')).trimEnd(), `docs/reference/cli.md ${STALE}`).to.equal(cliDocs().trimEnd());
  });

  it('docs/reference/http-api.md matches the routes\' OpenAPI document', async function () {
    this.timeout(20_000);
    expect((await committed('http-api.md')).trimEnd(), `docs/reference/http-api.md ${STALE}`).to.equal(httpApiDocs(await theOpenApiDocument()).trimEnd());
  });

  it('every error code is documented where the docs index says', async () => {
    const { path, text } = await documentedIn('error code');
    for (const code of Object.keys(ERROR_CODES)) expect(text, `${path}: ${code}`).to.contain(`\`${code}\``);
  });

  it('every API route is documented where the docs index says', async function () {
    this.timeout(20_000);
    const { path, text } = await documentedIn('API route');
    const routes = apiRoutes(await theOpenApiDocument());
    expect(routes.length, 'routes in the OpenAPI document').to.be.greaterThan(20);
    for (const route of routes) expect(text, `${path}: ${route}`).to.contain(`## \`${route}\``);
  });
});
