import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyJob } from '../job/verify-job.js';
import { verifyProblems, verifyReport, type VerifyProblem, type VerifyReport } from '../job/verify-report.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { blocksLaunch } from '../util/diagnostic.js';
import { jobFilePath } from './job-files.js';

/**
 * Verifies a job as it would be with some of its files changed, without changing them: what an
 * editor shows while its text is not saved. The job's own files (those at the top of its folder
 * and its sheets; not its runs, state or checkpoints) are copied to a temporary folder, the given
 * texts written over them, the copy verified as `verify` verifies the job, and the copy removed.
 * Each problem's file is named as in the job folder; the result is not kept as the job's last verify.
 */
export async function verifyDraft(jobDir: string, files: Readonly<Record<string, string>>, sets: readonly string[] = []): Promise<VerifyReport> {
  // Each path must name one of the job's own files, as a PUT of it would (400/403 otherwise).
  for (const path of Object.keys(files)) await jobFilePath(jobDir, path);
  const copy = await mkdtemp(join(tmpdir(), 'beancrawl-draft-'));
  try {
    await copyOwnFiles(jobDir, copy);
    for (const [path, text] of Object.entries(files)) {
      const parts = path.split('/');
      if (parts.length > 1) await mkdir(join(copy, ...parts.slice(0, -1)), { recursive: true });
      await writeFile(join(copy, ...parts), text);
    }
    let report: VerifyReport;
    try {
      const result = await verifyJob(copy, { sets });
      report = { ...verifyReport(result, copy), ok: !result.diagnostics.some(blocksLaunch) };
    } catch (e) {
      if (!(e instanceof BeancrawlError)) throw e;
      report = { ok: false, level: 'parse', beans: 0, errors: verifyProblems(e.diagnostics, 'parse', copy), at: new Date().toISOString() };
    }
    return { ...report, errors: report.errors.map((p) => inJob(p, copy, jobDir)) };
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

/** The files at the top of the job folder and in its sheets/ folder copied (a link only when it stays inside the job, as the files API reads it). */
async function copyOwnFiles(jobDir: string, copy: string): Promise<void> {
  for (const folder of ['', 'sheets']) {
    const entries = await readdir(join(jobDir, folder), { withFileTypes: true }).catch(() => []);
    const files = [];
    for (const e of entries) {
      if (e.name.startsWith('.') || !(e.isFile() || e.isSymbolicLink())) continue;
      if (e.isSymbolicLink() && !(await jobFilePath(jobDir, folder ? `${folder}/${e.name}` : e.name).then(() => true, () => false))) continue;
      files.push(e);
    }
    if (folder && files.length) await mkdir(join(copy, folder), { recursive: true });
    for (const e of files) await copyFile(join(jobDir, folder, e.name), join(copy, folder, e.name)).catch(() => undefined);
  }
}

/** A problem found in the copy, told of the job folder: no temporary path shows. */
function inJob(p: VerifyProblem, copy: string, jobDir: string): VerifyProblem {
  const fix = (s: string) => s.split(copy).join(jobDir);
  return { ...p, file: p.file === null ? null : fix(p.file), message: fix(p.message), ...(p.hints ? { hints: p.hints.map(fix) } : {}) };
}
