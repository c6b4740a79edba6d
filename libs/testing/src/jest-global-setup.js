// Each test run starts a new integration ledger, so CI judges only this run's suites.
const { rmSync } = require('node:fs');
const { join } = require('node:path');

module.exports = async () => {
  rmSync(join(__dirname, '..', '..', '..', 'tmp', 'integration-ledger.jsonl'), { force: true });
};
