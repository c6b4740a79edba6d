import { execFileSync } from 'node:child_process';

/** A release: its version and the commit the release script made for it (tagged `v<version>`). */
export interface Release {
  version: string;
  commit: string;
}

const RELEASE_SUBJECT = /^Release v(\d+\.\d+\.\d+)$/;

/**
 * The newest release in the history of `ref`: the newest commit whose subject the release
 * script writes (`Release vX.Y.Z`). Read from the history rather than the tags, so a clone
 * that did not fetch tags still finds it; null before the first release.
 */
export function lastRelease(root: string, ref = 'HEAD'): Release | null {
  const line = execFileSync('git', ['log', '-E', '--grep', '^Release v[0-9]+\\.[0-9]+\\.[0-9]+$', '--format=%H %s', '-n', '1', ref], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  if (!line) return null;
  const [commit, ...subject] = line.split(' ');
  const version = RELEASE_SUBJECT.exec(subject.join(' '))?.[1];
  return version ? { version, commit: commit! } : null;
}

/**
 * The release HEAD is checked against: the newest before HEAD's own commit, so a release
 * commit is checked against the one before it.
 */
export const releaseBeforeHead = (root: string): Release | null => lastRelease(root, 'HEAD^');

export const nextVersion = (version: string, bump: 'major' | 'minor' | 'patch'): string => {
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number];
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
};
