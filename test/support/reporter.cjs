// Mocha's spec reporter plus one plain closing line, "N passed, N failed[, N skipped]",
// which CI reads to know that tests really ran.
'use strict';
const Mocha = require('mocha');
const { Spec } = Mocha.reporters;
class SpecWithSummary extends Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const s = runner.stats || {};
      process.stdout.write(`${s.passes || 0} passed, ${s.failures || 0} failed, ${s.pending || 0} skipped\n`);
    });
  }
}
module.exports = SpecWithSummary;
