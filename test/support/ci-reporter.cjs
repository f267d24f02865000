'use strict';
// Mocha's spec output, then the plain closing line CI reads: "N passed, N failed, N skipped".
const Mocha = require('mocha');
const { Spec } = Mocha.reporters;
const { EVENT_RUN_END } = Mocha.Runner.constants;

class CiReporter extends Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(EVENT_RUN_END, () => {
      const s = runner.stats ?? {};
      process.stdout.write(`${s.passes ?? 0} passed, ${s.failures ?? 0} failed, ${s.pending ?? 0} skipped\n`);
    });
  }
}
module.exports = CiReporter;
