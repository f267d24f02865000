import { verifyJob } from '../job/verify-job.js';
import { verifyProblems, verifyReport, type VerifyReport } from '../job/verify-report.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { blocksLaunch } from '../util/diagnostic.js';
import type { Confinement } from '../util/confinement.js';
import { jobFilePath } from './job-files.js';

/**
 * Verifies a job as it would be with some of its files changed, without changing them: what an
 * editor shows while its text is not saved. Verify reads the given texts in place of those files
 * (from memory, as `beancrawl lsp` gives it an editor's unsaved texts) and every other file from
 * the job folder, as `verify` verifies the job. Each problem's file is named as in the job folder;
 * the result is not kept as the job's last verify. Confined as the job is (the draft could name any path or variable).
 */
export async function verifyDraft(jobDir: string, files: Readonly<Record<string, string>>, sets: readonly string[] = [],
  confinement?: Confinement): Promise<VerifyReport> {
  // Each path must name one of the job's own files, as a PUT of it would (400/403 otherwise).
  const unsaved = new Map<string, string>();
  for (const [path, text] of Object.entries(files)) unsaved.set(await jobFilePath(jobDir, path), text);
  try {
    const result = await verifyJob(jobDir, { sets, unsaved, confinement });
    return { ...verifyReport(result, jobDir), ok: !result.diagnostics.some(blocksLaunch) };
  } catch (e) {
    if (!(e instanceof BeancrawlError)) throw e;
    return { ok: false, level: 'parse', beans: 0, errors: verifyProblems(e.diagnostics, 'parse', jobDir), at: new Date().toISOString() };
  }
}
