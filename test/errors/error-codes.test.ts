import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { verifyJob } from '../../src/job/verify-job.js';
import { BeancrawlError } from '../../src/util/beancrawl-error.js';
import { formatDiagnostic, type Diagnostic } from '../../src/util/diagnostic.js';
import { ERROR_CODES, type ErrorCode } from '../../src/util/error-codes.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'errors');

/** Codes whose input is made by the test (too big or binary for the repository). */
const GENERATED: Partial<Record<ErrorCode, { files: Record<string, string | Buffer>; at: { line?: number; column?: number } }>> = {
  // Too large is about the whole file: no line or column.
  BC_FILE_TOO_LARGE: { files: { 'crawler-beans.xml': `<beans>${' '.repeat(20 * 1024 * 1024)}</beans>` }, at: {} },
  // Binary: located at its first NUL byte.
  BC_FILE_FORMAT: { files: { 'crawler-beans.xml': Buffer.from([0x3c, 0x00, 0xff, 0xfe, 0x13, 0x37, 0x00, 0x42]) }, at: { line: 1, column: 2 } },
};

/**
 * Codes raised while beans start and stop (the lifecycle tests), by `create` (the CLI tests), or
 * only by the service's verify of a confined job (BC_CONFINED: test/e2e/serve-confinement.test.ts).
 */
const RUNTIME: readonly ErrorCode[] = ['BC_CONFINED', 'BC_START_FAILED', 'BC_START_TIMEOUT', 'BC_STOP_FAILED', 'BC_JOB_EXISTS', 'BC_PROFILE_UNKNOWN', 'BC_JOB_RUNNING', 'BC_JOB_NOT_RUNNING', 'BC_STATE_CORRUPT', 'BC_STATE_FOREIGN', 'BC_STATE_VERSION', 'BC_STATE_UNWRITABLE', 'BC_CHECKPOINT_UNKNOWN', 'BC_CHECKPOINT_FAILED', 'BC_JOB_NO_RUN', 'BC_PASSWORD_FILE', 'BC_SERVE_EXPOSED', 'BC_SERVE_LISTEN', 'BC_INDEX_UNAVAILABLE', 'BC_JOB_FOLDER_GONE'];

async function diagnosticsOf(target: string): Promise<readonly Diagnostic[]> {
  try {
    return (await verifyJob(target)).diagnostics;
  } catch (e) {
    if (e instanceof BeancrawlError) return e.diagnostics;
    throw e;
  }
}

describe('error codes', () => {
  const previousCwd = process.cwd();
  before(() => process.chdir(REPO_ROOT));
  after(() => process.chdir(previousCwd));

  it('has a fixture, a generated input, or a lifecycle or CLI test for every code', () => {
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
      const covered = existsSync(join(FIXTURES, code)) || code in GENERATED || RUNTIME.includes(code);
      expect(covered, `${code} has no fixture in test/fixtures/errors/${code}/`).to.equal(true);
    }
  });

  for (const code of readdirSync(FIXTURES).sort()) {
    it(`${code}: the fixture gives exactly the expected lines`, async () => {
      expect(ERROR_CODES).to.have.property(code);
      const found = await diagnosticsOf(relative(REPO_ROOT, join(FIXTURES, code)));
      const expected = readFileSync(join(FIXTURES, code, 'expected.txt'), 'utf8');
      expect(found.map(formatDiagnostic).join('\n') + '\n').to.equal(expected);
      expect(found.map((d) => d.code)).to.include(code);
    });
  }

  for (const [code, { files, at }] of Object.entries(GENERATED)) {
    it(`${code}: a generated input gives the code at ${at.line === undefined ? 'the whole file' : `line ${at.line}, column ${at.column}`}`, async () => {
      const job = await tempDir(files);
      try {
        const found = await diagnosticsOf(job.dir);
        expect(found).to.have.length(1);
        expect(found[0].code).to.equal(code);
        expect(found[0].location).to.deep.equal({ file: join(job.dir, 'crawler-beans.xml'), ...at });
      } finally {
        await job.cleanup();
      }
    });
  }
});
