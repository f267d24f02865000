// Part of `npm run lint` (Biome has no line-length rule): no line of code in src/, test/, scripts/
// or bin/ may be longer than LIMIT characters. Fixtures are not code of ours and are skipped.
// The lines already longer when the check came in (1,629 of them) are counted per file in
// scripts/line-length-baseline.json: a file may keep at most that many, and a file not listed
// none. The counts only go down: a file with fewer long lines than its count fails too, until
// `node scripts/check-line-length.mjs --update` writes the lower count, so a line once broken
// stays broken. `--update` never raises a count.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LIMIT = 160;
const ROOTS = ['src/', 'test/', 'scripts/', 'bin/'];
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const BASELINE = 'scripts/line-length-baseline.json';

const root = fileURLToPath(new URL('..', import.meta.url));
const update = process.argv.includes('--update');

// Tracked files and new ones not ignored: what a commit would hold, without dist/ or node_modules/.
const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', ...ROOTS], { cwd: root, encoding: 'utf8' });
const files = [...new Set(listed.split('\0'))].filter((f) => CODE.test(f) && !f.split('/').includes('fixtures')).sort();

/** @type {Record<string, number[]>} file → the 1-based numbers of its lines over LIMIT. */
const long = {};
for (const file of files) {
  let text;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch (e) {
    if (e.code === 'ENOENT') continue; // deleted but not yet staged
    throw e;
  }
  const numbers = text.split('\n').flatMap((line, i) => ([...line.replace(/\r$/, '')].length > LIMIT ? [i + 1] : []));
  if (numbers.length > 0) long[file] = numbers;
}

/** @type {Record<string, number>} */
const baseline = JSON.parse(readFileSync(join(root, BASELINE), 'utf8')).files;
const problems = [];
for (const [file, numbers] of Object.entries(long)) {
  const allowed = baseline[file] ?? 0;
  if (numbers.length > allowed) {
    problems.push(`${file}: ${numbers.length} lines over ${LIMIT} characters (${allowed} allowed by ${BASELINE}), at lines ${numbers.join(', ')}`);
  }
}
const lowered = Object.entries(baseline).filter(([file, allowed]) => (long[file]?.length ?? 0) < allowed);

if (update) {
  const files = Object.fromEntries(Object.entries(baseline).flatMap(([file, allowed]) => {
    const now = Math.min(allowed, long[file]?.length ?? 0);
    return now > 0 ? [[file, now]] : [];
  }));
  const total = Object.values(files).reduce((a, b) => a + b, 0);
  const comment = `Lines over ${LIMIT} characters that predate scripts/check-line-length.mjs, per file (${total} in all): counts only go down.`;
  writeFileSync(join(root, BASELINE), `${JSON.stringify({ comment, files }, null, 2)}\n`);
  process.stdout.write(`${BASELINE}: ${total} lines in ${Object.keys(files).length} files\n`);
} else {
  for (const [file, allowed] of lowered) {
    const now = long[file]?.length ?? 0;
    problems.push(`${file}: ${now} lines over ${LIMIT} characters, fewer than the ${allowed} of ${BASELINE}: run node scripts/check-line-length.mjs --update`);
  }
}
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
