#!/usr/bin/env bash
# `npm test`: the type and format checks beside the last release's checkout (the one waits on
# the CPU, the other mostly on the registry), then every Jest suite once, then the check that
# no integration suite was skipped. Any step failing fails the whole.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run -s typecheck &
typecheck=$!
npm run -s format:check &
format=$!
npx tsx tools/release/prepare-last-release.ts
wait "$typecheck"
wait "$format"
npx jest --json --outputFile=tmp/jest-results.json
npx tsx tools/ci/check-integration-ledger.ts
