import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Clock } from '@delivery/clock';
import type { KeyValueStore } from '@delivery/key-value';
import { signatureMatches } from '../auth/request-signature';

/** A code is good this long after it was given, and for this many wrong tries. */
export const SIGN_IN_CODE = { ttlMs: 10 * 60 * 1000, tries: 5, digits: 6 } as const;

/** Where a code came from: sent by SMS at the driver's asking, or made in the console for the dispatcher to read out. */
export type CodeSource = 'sms' | 'dispatcher';
const SOURCES: readonly CodeSource[] = ['sms', 'dispatcher'];
const codeKey = (accountId: string, driverId: string, source: CodeSource) => `driver-sign-in-code:${accountId}:${driverId}:${source}`;
const triesKey = (accountId: string, driverId: string) => `driver-sign-in-tries:${accountId}:${driverId}`;
const hashOf = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('base64url');

/**
 * One-time sign-in codes of drivers, in the key-value store (Redis in production) so every
 * gateway knows them: one code a driver from each source at a time (a new one replaces the
 * last of its source, so a driver asking for an SMS never voids the code their dispatcher is
 * reading out), kept as a salted hash, good for ten minutes and five wrong tries (counted
 * across both), gone once either is used.
 */
export class SignInCodes {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly clock: Clock,
  ) {}

  /** A new code for the driver, replacing their earlier one from `source`; the code itself is answered only here. */
  async issue(accountId: string, driverId: string, source: CodeSource): Promise<{ code: string; expiresAt: Date }> {
    const code = String(randomInt(0, 10 ** SIGN_IN_CODE.digits)).padStart(SIGN_IN_CODE.digits, '0');
    const salt = randomBytes(12).toString('base64url');
    await this.kv.delete(triesKey(accountId, driverId));
    await this.kv.set(codeKey(accountId, driverId, source), `${salt}.${hashOf(salt, code)}`, SIGN_IN_CODE.ttlMs);
    return { code, expiresAt: new Date(this.clock.now().getTime() + SIGN_IN_CODE.ttlMs) };
  }

  /**
   * Whether `code` is one of the driver's current ones; both are then used up. Each wrong try
   * counts; the fifth ends them. A driver that is not (`driverId` null) costs the same reads
   * and is never right, so the answer's time does not tell a known phone from an unknown one.
   */
  async redeem(accountId: string, driverId: string | null, code: string): Promise<boolean> {
    const keys = SOURCES.map((source) => codeKey(accountId, driverId ?? '-', source));
    const stored = await Promise.all(keys.map((key) => this.kv.get(key)));
    const right = stored.some((value) => {
      const [salt, hash] = value?.split('.') ?? ['-', '-'];
      return signatureMatches(hash!, hashOf(salt!, code)) && value !== null;
    });
    const present = stored.some((value) => value !== null);
    if (right && driverId !== null) {
      await Promise.all(keys.map((key) => this.kv.delete(key)));
      return true;
    }
    if (driverId !== null && present) {
      const tries = await this.kv.increment(triesKey(accountId, driverId), SIGN_IN_CODE.ttlMs);
      if (tries >= SIGN_IN_CODE.tries) await Promise.all(keys.map((key) => this.kv.delete(key)));
    }
    return false;
  }
}
