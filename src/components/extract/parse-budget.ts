import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PropSpec } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, type ProcessResult } from '../../model/processor.js';

/**
 * The budget every extractor that parses runs its work under, so that no document can stall
 * the crawl. An extractor writes its parse as steps, a generator that yields after each bounded
 * piece of work (a chunk of HTML fed to the parser, some tokens of a script or style sheet, some
 * elements of a sitemap); `runSliced` runs the steps:
 * - in slices: after SLICE_MS of steps it waits for the next turn of the event loop
 *   (setImmediate), so that signals, timers, the control socket and the other URIs in flight are
 *   served at least every SLICE_MS, whatever the document;
 * - within a time budget: once the steps have run for `maxTimeMs` in all (the time of its own
 *   slices, not the time spent waiting between them) the work is cut (`return()` on the
 *   generator, so its `finally` blocks run), and what it found so far stays found.
 * A document parsed within one slice (nearly every one) is parsed synchronously: no promise, no
 * turn of the event loop, one clock reading per step.
 */

/** Work done in steps: each `yield` marks a point where it may be paused (end of a slice) or cut (budget spent). */
export type ParseSteps<T = void> = Generator<void, T, void>;

/** The crawl.log annotation of a document whose extraction ran out of time (its links so far were kept). */
export const EXTRACT_TIME_TRUNC = 'extractTimeTrunc';

/** The longest run of steps between two turns of the event loop, ms. */
export const SLICE_MS = 20;

/** How an extractor's steps ended: all done, or cut when the time budget ran out. */
export type ParseOutcome = 'complete' | 'timeTrunc';

export interface SliceOptions {
  /** Time the steps may run in all, ms; 0 or less for no limit. */
  readonly maxTimeMs: number;
  /** The longest run of steps before the event loop gets a turn, ms (SLICE_MS). */
  readonly sliceMs?: number;
  /** The clock, ms (performance.now); tests may give their own. */
  readonly now?: () => number;
}

const clock = (): number => performance.now();

/**
 * Runs `steps` to their end or until the budget is spent, in slices of at most `sliceMs`
 * (one step more, at most: the clock is read after each step). Synchronous when the steps end
 * within the first slice, else a promise. A step that throws ends the run with its error.
 */
export function runSliced(steps: ParseSteps<unknown>, options: SliceOptions): ParseOutcome | Promise<ParseOutcome> {
  const maxTimeMs = options.maxTimeMs > 0 ? options.maxTimeMs : Infinity;
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const now = options.now ?? clock;
  let spent = 0;
  /** One slice: the outcome if the steps ended (or were cut) in it, undefined if they only paused. */
  const slice = (): ParseOutcome | undefined => {
    const start = now();
    for (;;) {
      if (steps.next().done === true) return 'complete';
      const elapsed = now() - start;
      if (spent + elapsed >= maxTimeMs) {
        steps.return(undefined);
        return 'timeTrunc';
      }
      if (elapsed >= sliceMs) {
        spent += elapsed;
        return undefined;
      }
    }
  };
  const first = slice();
  if (first !== undefined) return first;
  return (async () => {
    for (;;) {
      await nextTurn();
      const outcome = slice();
      if (outcome !== undefined) return outcome;
    }
  })();
}

/** Runs `steps` to their end at once, with no budget: for callers that need a synchronous answer on small input. */
export function drain<T>(steps: ParseSteps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
  }
}

/**
 * An extractor's `innerProcess` tail: runs the steps that add `curi`'s outlinks within
 * `maxTimeMs` (0: no limit), in slices; a cut leaves the links found so far and annotates the
 * URI `extractTimeTrunc` (once, whichever extractor ran out). PROCEED either way.
 */
export function extractWithinBudget(curi: CrawlUri, steps: ParseSteps<unknown>, maxTimeMs: number): ProcessResult | Promise<ProcessResult> {
  const outcome = runSliced(steps, { maxTimeMs });
  if (typeof outcome === 'string') return settle(curi, outcome);
  return outcome.then((o) => settle(curi, o));
}

function settle(curi: CrawlUri, outcome: ParseOutcome): ProcessResult {
  noteParseOutcome(curi, outcome);
  return PROCEED;
}

/** Annotates a URI whose parse was cut short `extractTimeTrunc` (once, whichever extractor ran out). */
export function noteParseOutcome(curi: CrawlUri, outcome: ParseOutcome): void {
  if (outcome === 'timeTrunc' && !curi.annotations.includes(EXTRACT_TIME_TRUNC)) curi.annotations.push(EXTRACT_TIME_TRUNC);
}

/** Every parsing extractor's time budget (descriptor property, per URI). */
export const MAX_PARSE_TIME_PROP = {
  maxParseTimeMs: {
    type: 'integer', default: 5000, minimum: 0, overlayable: true,
    description:
      'Longest time this extractor may spend parsing one document, ms, counting only its own work (it parses in slices ' +
      `of at most ${SLICE_MS} ms between which the crawl, its signals and its control socket are served). A document ` +
      'that takes longer keeps the links found so far and is annotated `extractTimeTrunc` in crawl.log; the crawl goes on. 0 = no limit.',
  },
} as const satisfies Record<string, PropSpec>;

/** The depth bound of the extractors that track open elements (HTML, sitemaps). */
export const MAX_ELEMENT_DEPTH_PROP = {
  maxElementDepth: {
    type: 'integer', default: 512, minimum: 8, overlayable: true,
    description:
      'Deepest nesting of open elements the parser keeps track of (Chrome\'s HTML parser stops nesting at 512 too). Deeper ' +
      'elements are still read for links; only the outermost open elements are forgotten, so the cost of each tag ' +
      'stays bounded and a page of 100,000 unclosed elements parses in linear time.',
  },
} as const satisfies Record<string, PropSpec>;
