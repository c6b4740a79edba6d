// Jest's own order runs the suites it timed before longest first; a fresh machine has no such
// timings, and orders by file size, which would start the fault suite (a small file, minutes
// long) last and leave one worker idle behind it. The suites known to take longest go first,
// then Jest's own order.
const Sequencer = require('@jest/test-sequencer').default;

const LONGEST_FIRST = [
  'e2e/fault-suite.e2e-spec.ts',
  'e2e/stop-on-signal.e2e-spec.ts',
  'e2e/distributed.e2e-spec.ts',
  'libs/event-bus/src/kafka.event-bus.int-spec.ts',
  'e2e/console-page.e2e-spec.ts',
  'e2e/production-adapters.int-spec.ts',
];
const rank = (test) => {
  const at = LONGEST_FIRST.findIndex((path) => test.path.endsWith(path));
  return at < 0 ? LONGEST_FIRST.length : at;
};

module.exports = class LongestFirst extends Sequencer {
  async sort(tests) {
    const ordered = await super.sort(tests);
    return [...ordered].sort((a, b) => rank(a) - rank(b));
  }
};
