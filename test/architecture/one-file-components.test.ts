import { expect } from 'chai';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../support/run-cli.js';

/**
 * A component is one file: its descriptor and its class together. A descriptor stays apart only
 * where measurement showed it must (verify would otherwise initialise a heavy library the
 * class imports), or where there is no class to sit with; each such file is listed with why.
 */
const APART: Record<string, string> = {
  'components/extract/extractor-html.descriptor.ts': 'the class imports htmlparser2',
  'components/extract/extractor-document.descriptor.ts': 'the class imports htmlparser2',
  'components/extract/extractor-compound.descriptor.ts': 'the class imports fflate',
  'components/tables/postgres-table-driver.descriptor.ts': 'the class imports pg',
  'components/redis/redis-connection.descriptor.ts': 'the class imports ioredis (redis-link.ts), which only a job sharing its crawl through Redis loads',
  'components/extract/fields-by-selector.descriptor.ts': 'the class imports cheerio (its validate loads it only for a job that has the bean)',
  'components/fetch/fetch-http.descriptor.ts': 'the class imports undici',
  'components/render/browser-processor.descriptor.ts': 'the class (render-page.ts) drives playwright-core, which only a job with the bean loads',
  'components/receivers/http-push-receiver.descriptor.ts': 'the class imports undici',
  'components/receivers/postgres-index-receiver.descriptor.ts': 'the class imports pg, which only a job with the bean loads',
  'components/scope/hop-crosses-assignment-level-domain-decide-rule.descriptor.ts': 'the class imports tldts and its suffix list',
  'components/candidates/assignment-level-surt-queue-assignment-policy.descriptor.ts': 'the class imports tldts and its suffix list',
  'components/candidates/hash-crawl-mapper.descriptor.ts': 'the class imports tldts and its suffix list',
  'components/receivers/warc-record-builders.descriptor.ts': 'one table of Heritrix\'s record builders, most of them accepted and writing nothing',
  'engine/heritrix-accepted.descriptor.ts': 'Heritrix classes accepted for their properties and never built: no class',
};

function descriptorFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return descriptorFiles(path);
    return name.endsWith('.descriptor.ts') ? [relative(join(REPO_ROOT, 'src'), path)] : [];
  });
}

describe('one file per component', () => {
  it('keeps a descriptor apart from its class only where listed, with the reason', () => {
    expect(descriptorFiles(join(REPO_ROOT, 'src')).sort()).to.deep.equal(Object.keys(APART).sort());
  });
});
