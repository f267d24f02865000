import type { Context, Hook, Suite, Test } from 'mocha';

/** Where the reporter (ci-reporter.cjs) finds why a test was skipped. */
export interface SkippedTest {
  skipReason?: string;
}

/**
 * Skips the test that is running (from a `before` hook: every test of its suite) and says why:
 * the reporter prints the reason under the test and again before the closing line, so that no
 * test is skipped silently.
 */
export function skipBecause(ctx: Context, reason: string): never {
  const runnable = ctx.test as Hook | Test | undefined;
  if (runnable?.type === 'hook' && runnable.title.includes('"before all" hook')) {
    for (const test of testsOf(runnable.parent!)) (test as SkippedTest).skipReason = reason;
  } else {
    const test = runnable?.type === 'hook' ? ctx.currentTest : runnable;
    if (test) (test as SkippedTest).skipReason = reason;
  }
  ctx.skip();
}

function testsOf(suite: Suite): Test[] {
  return [...suite.tests, ...suite.suites.flatMap(testsOf)];
}
