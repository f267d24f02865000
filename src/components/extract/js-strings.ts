import { drain, type ParseSteps } from './parse-budget.js';

/** What can start a string, a comment, a regular expression or a division. */
const INTERESTING = /["'`/]/g;

/** Gets a string literal's raw contents, and where the literal (quotes included) starts and ends in the script. */
export type JsStringHandler = (raw: string, start: number, end: number) => void;

/**
 * Calls `found` with the raw contents (escapes left as written) of each string literal in
 * JavaScript: '...', "..." and template literals without `${`. Comments are skipped, and so are
 * regular expression literals, told from divisions by the token before the `/` as most
 * highlighters do. Not a parser: odd code (a regex after `return`, templates nested in
 * templates) can make it misread what follows, which is why callers accept only strings that
 * are very likely URLs.
 */
export function forEachJsString(js: string, found: JsStringHandler): void {
  drain(jsStringSteps(js, found));
}

/** forEachJsString as steps (parse-budget.ts): a step is at most TOKENS_A_STEP tokens. */
export function* jsStringSteps(js: string, found: JsStringHandler): ParseSteps {
  let pos = 0;
  let tokens = 0;
  /** Characters scanned in vain this step: looking for the end of regular expressions that had none. */
  let scanned = 0;
  for (;;) {
    // The regex is shared: its position is set before each search, as other steps may have used it since.
    INTERESTING.lastIndex = pos;
    const m = INTERESTING.exec(js);
    if (m === null) return;
    const at = m.index;
    const c = js.charCodeAt(at);
    if (c !== SLASH) pos = readString(js, at, c, found);
    else if (js.charCodeAt(at + 1) === SLASH) pos = lineEnd(js, at + 2);
    else if (js.charCodeAt(at + 1) === STAR) pos = blockEnd(js, at + 2);
    else if (!regexAllowedAfter(previousToken(js, at))) pos = at + 1;
    else {
      const end = regexEnd(js, at);
      pos = end > 0 ? end : at + 1;
      if (end < 0) scanned += -end - at;
    }
    if (++tokens === TOKENS_A_STEP || scanned > SCAN_A_STEP) {
      tokens = scanned = 0;
      yield;
    }
  }
}

/** Tokens read between two yields. */
const TOKENS_A_STEP = 64;

/**
 * Characters scanned in vain after which a step ends however few its tokens: a `/` that looks like
 * the start of a regular expression and is not closed costs a scan to its line's end (at most
 * MAX_REGEX_LENGTH) and moves on by one character, so a line full of them costs more than linear
 * time. The steps stay short; the budget cuts the whole.
 */
const SCAN_A_STEP = 256 * 1024;

/** The longest regular expression literal looked for: longer ones are not written by hand, nor by minifiers. */
const MAX_REGEX_LENGTH = 64 * 1024;

/** Reads a string from its opening quote; reports it if it closes on its line (or is a plain template). Returns the index after it. */
function readString(js: string, at: number, quote: number, found: JsStringHandler): number {
  let interpolated = false;
  for (let i = at + 1; i < js.length; i++) {
    const c = js.charCodeAt(i);
    if (c === quote) {
      if (!interpolated) found(js.slice(at + 1, i), at, i + 1);
      return i + 1;
    }
    if (c === BACKSLASH) i++;
    else if (quote === BACKTICK) {
      if (c === DOLLAR && js.charCodeAt(i + 1) === OPEN_BRACE) interpolated = true;
    } else if (c === LF || c === CR) return i;
  }
  return js.length;
}

/**
 * The end of a regular expression literal starting at `at`. A `/` with no end on its line (or
 * within MAX_REGEX_LENGTH) is a division after all: then minus the index where the search stopped.
 */
function regexEnd(js: string, at: number): number {
  let inClass = false;
  const limit = Math.min(js.length, at + MAX_REGEX_LENGTH);
  for (let i = at + 1; i < limit; i++) {
    const c = js.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === LF || c === CR) return -i;
    else if (inClass) inClass = c !== CLOSE_BRACKET;
    else if (c === OPEN_BRACKET) inClass = true;
    else if (c === SLASH) return i + 1;
  }
  return -limit;
}

/** The last character before `at` that is not a blank (0 at the start). */
export function previousToken(js: string, at: number): number {
  for (let i = at - 1; i >= 0; i--) {
    const c = js.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== LF && c !== CR) return c;
  }
  return 0;
}

/** After an operator or an opening bracket a `/` starts a regular expression; after a name, number or closing bracket it divides. */
function regexAllowedAfter(c: number): boolean {
  return c === 0 || REGEX_PRECEDERS.includes(String.fromCharCode(c));
}

const REGEX_PRECEDERS = '(,=:[!&|?{};+-*%<>~^';

function lineEnd(js: string, from: number): number {
  const i = js.indexOf('\n', from);
  return i < 0 ? js.length : i + 1;
}

function blockEnd(js: string, from: number): number {
  const i = js.indexOf('*/', from);
  return i < 0 ? js.length : i + 2;
}

const SLASH = 0x2f;
const STAR = 0x2a;
const BACKSLASH = 0x5c;
const BACKTICK = 0x60;
const DOLLAR = 0x24;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const LF = 0x0a;
const CR = 0x0d;

/** The first character from `at` on that is not a blank (0 at the end). */
export function nextToken(js: string, at: number): number {
  for (let i = at; i < js.length; i++) {
    const c = js.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== LF && c !== CR) return c;
  }
  return 0;
}
