// Breaks lines over 160 characters at a space inside a string or template literal:
// `'… long text'` becomes `'… long ' +` and, on the next line, `'text'`. A change is kept only if
// esbuild, minifying, gives the same output for the file before and after it (it folds
// `'a' + 'b'` into `'ab'`, so a break that changes what the code does, say before `.length`,
// differs and is dropped). Lines it cannot break this way are left as they are.
// Usage: node scripts/split-long-strings.mjs FILE…, then `npm run typecheck`, then
// `node scripts/check-line-length.mjs --update` to lower the baseline.
import { readFileSync, writeFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

const LIMIT = 160;
/** A first piece ends by column 150, leaving room for the quote and ` +`. */
const BREAK_BY = 150;

function minified(text, file) {
  const loader = file.endsWith('.ts') ? 'ts' : 'js';
  try {
    const options = { loader, minifySyntax: true, minifyWhitespace: true, format: 'esm', target: 'es2022' };
    return transformSync(text, { ...options, tsconfigRaw: { compilerOptions: { experimentalDecorators: true } } }).code;
  } catch {
    return null;
  }
}

/** The spaces inside literal text on a line read from its start, each with its literal's quote. */
function spacesInLiterals(line) {
  const out = [];
  const outer = [];
  let mode = null; // null: code; a quote: inside that literal; '{': code inside a template's ${}
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (mode === null || mode === '{') {
      if (ch === '/' && line[i + 1] === '/') break;
      if (ch === "'" || ch === '"' || ch === '`' || (mode === '{' && ch === '{')) {
        outer.push(mode);
        mode = ch === '{' ? '{' : ch;
      } else if (mode === '{' && ch === '}') {
        mode = outer.pop();
      }
    } else if (ch === '\\') {
      i++;
    } else if (ch === mode) {
      mode = outer.pop();
    } else if (mode === '`' && ch === '$' && line[i + 1] === '{') {
      outer.push(mode);
      mode = '{';
      i++;
    } else if (ch === ' ') {
      out.push({ at: i, quote: mode });
    }
  }
  return out;
}

/** The line as pieces of at most LIMIT characters, or null when it has no place to break. */
function breakLine(line, continuation) {
  if ([...line].length <= LIMIT) return [line];
  const indent = line.match(/^\s*/)[0];
  const next = continuation ?? `${indent}  `;
  const spaces = spacesInLiterals(line).filter((s) => s.at + 4 <= BREAK_BY && s.at > indent.length + 10);
  const last = spaces.at(-1);
  if (last === undefined) return null;
  const first = `${line.slice(0, last.at + 1)}${last.quote} +`;
  const rest = `${next}${last.quote}${line.slice(last.at + 1)}`;
  return [first, ...(breakLine(rest, next) ?? [rest])];
}

let seen = 0;
let broken = 0;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
  const before = minified(text, file);
  if (before === null) {
    process.stderr.write(`${file}: esbuild cannot read it; left as it is\n`);
    continue;
  }
  let lines = text.split('\n');
  for (let n = lines.length - 1; n >= 0; n--) {
    if ([...lines[n]].length <= LIMIT) continue;
    seen++;
    const pieces = breakLine(lines[n]);
    if (pieces === null || pieces.length < 2) continue;
    const trial = [...lines.slice(0, n), ...pieces, ...lines.slice(n + 1)];
    if (minified(trial.join('\n'), file) === before) {
      lines = trial;
      broken++;
    }
  }
  if (lines.join('\n') !== text) writeFileSync(file, lines.join('\n'));
}
process.stdout.write(`${seen} lines over ${LIMIT} characters, ${broken} broken\n`);
