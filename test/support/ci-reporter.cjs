'use strict';
// Mocha's spec output, then the plain closing line CI reads: "N passed, N failed, N skipped".
// A test skipped through skipBecause (skip-because.ts) carries its reason: it is printed under the
// test and, gathered, before the closing line, so that a skip never goes unexplained.
const Mocha = require('mocha');
const { Spec } = Mocha.reporters;
const { EVENT_RUN_END, EVENT_TEST_PENDING } = Mocha.Runner.constants;

class CiReporter extends Spec {
  constructor(runner, options) {
    super(runner, options);
    /** reason → titles of the tests skipped for it */
    const reasons = new Map();
    runner.on(EVENT_TEST_PENDING, (test) => {
      const reason = test.skipReason ?? 'no reason given (it.skip, or this.skip() without skipBecause)';
      if (test.skipReason) process.stdout.write(`        skipped: ${reason}\n`);
      reasons.set(reason, [...(reasons.get(reason) ?? []), test.fullTitle()]);
    });
    runner.once(EVENT_RUN_END, () => {
      const s = runner.stats ?? {};
      if (reasons.size) {
        process.stdout.write('\nSkipped:\n');
        for (const [reason, titles] of reasons) process.stdout.write(`  ${titles.length} test(s): ${reason}\n`);
        process.stdout.write('\n');
      }
      process.stdout.write(`${s.passes ?? 0} passed, ${s.failures ?? 0} failed, ${s.pending ?? 0} skipped\n`);
    });
  }
}
module.exports = CiReporter;
