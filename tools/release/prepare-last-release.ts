import { join } from 'node:path';
import { releaseBeforeHead } from './last-release';
import { prepareReleaseCheckout } from './release-checkout';

/**
 * `npm test`'s first step: the release a rolling deploy's test runs beside HEAD, checked out
 * and installed once, before any test starts (an install inside a test took minutes of its
 * timeout whenever the lockfile had changed since the release).
 */
const ROOT = join(__dirname, '..', '..');
const release = releaseBeforeHead(ROOT);
if (!release) {
  console.error('no release in the history (no commit "Release vX.Y.Z"): the clone must hold the whole history');
  process.exit(1);
}
console.log(`last release v${release.version} ready in ${prepareReleaseCheckout(ROOT, release)}`);
