import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Clock } from '@delivery/clock';
import type { KeyValueStore } from '@delivery/key-value';
import { signatureMatches } from '../auth/request-signature';

/** A code is good this long after it was given, and for this many wrong tries. */
export const SIGN_IN_CODE = { ttlMs: 10 * 60 * 1000, tries: 5, digits: 6 } as const;

const codeKey = (accountId: string, driverId: string) => `driver-sign-in-code:${accountId}:${driverId}`;
const triesKey = (accountId: string, driverId: string) => `driver-sign-in-tries:${accountId}:${driverId}`;
const hashOf = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('base64url');

/**
 * One-time sign-in codes of drivers, in the key-value store (Redis in production) so every
 * gateway knows them: one code a driver at a time (a new one replaces the last), kept as a
 * salted hash, good for ten minutes and five wrong tries, gone once used.
 */
export class SignInCodes {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly clock: Clock,
  ) {}

  /** A new code for the driver, replacing any earlier one; the code itself is answered only here. */
  async issue(accountId: string, driverId: string): Promise<{ code: string; expiresAt: Date }> {
    const code = String(randomInt(0, 10 ** SIGN_IN_CODE.digits)).padStart(SIGN_IN_CODE.digits, '0');
    const salt = randomBytes(12).toString('base64url');
    await this.kv.delete(triesKey(accountId, driverId));
    await this.kv.set(codeKey(accountId, driverId), `${salt}.${hashOf(salt, code)}`, SIGN_IN_CODE.ttlMs);
    return { code, expiresAt: new Date(this.clock.now().getTime() + SIGN_IN_CODE.ttlMs) };
  }

  /**
   * Whether `code` is the driver's current one, which it then uses up. Each wrong try counts;
   * the fifth ends the code. A driver that is not (`driverId` null) costs the same reads and
   * is never right, so the answer's time does not tell a known phone from an unknown one.
   */
  async redeem(accountId: string, driverId: string | null, code: string): Promise<boolean> {
    const stored = await this.kv.get(codeKey(accountId, driverId ?? '-'));
    const [salt, hash] = stored?.split('.') ?? ['-', '-'];
    const right = signatureMatches(hash!, hashOf(salt!, code)) && driverId !== null && stored !== null;
    if (right) {
      await this.kv.delete(codeKey(accountId, driverId));
      return true;
    }
    if (driverId !== null && stored !== null) {
      const tries = await this.kv.increment(triesKey(accountId, driverId), SIGN_IN_CODE.ttlMs);
      if (tries >= SIGN_IN_CODE.tries) await this.kv.delete(codeKey(accountId, driverId));
    }
    return false;
  }
}
