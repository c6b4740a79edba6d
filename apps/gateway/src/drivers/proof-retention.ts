import { DEFAULT_PROOF_MEDIA_POLICY, type AccountReader } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import type { KeyValueStore } from '@delivery/key-value';
import type { ProofMediaStore } from '@delivery/proof-media';

/** How often a gateway sweeps; one replica at a time, by a lease in the key-value store. */
export const PROOF_SWEEP_EVERY_MS = 60 * 60 * 1000;
const PAGE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes every account's proof photos and signatures older than its retention
 * (`proofMedia.retentionDays`, DEFAULT_PROOF_MEDIA_POLICY's otherwise), a page at a time. One
 * gateway sweeps in an hour: the others find the lease taken and do nothing. How many it deleted.
 */
export async function sweepProofMedia(deps: {
  accounts: Pick<AccountReader, 'listAccounts'>;
  proofMedia: Pick<ProofMediaStore, 'storedBefore' | 'delete'>;
  kv: Pick<KeyValueStore, 'setIfAbsent'>;
  clock: Clock;
}): Promise<number> {
  if (!(await deps.kv.setIfAbsent('gateway:proof-media-sweep', String(process.pid), PROOF_SWEEP_EVERY_MS - 60_000))) return 0;
  const now = deps.clock.now().getTime();
  let deleted = 0;
  for (const account of await deps.accounts.listAccounts()) {
    const days = account.proofMedia?.retentionDays ?? DEFAULT_PROOF_MEDIA_POLICY.retentionDays;
    const before = new Date(now - days * DAY_MS);
    for (;;) {
      const keys = await deps.proofMedia.storedBefore(`${account.id}/`, before, PAGE);
      for (const key of keys) await deps.proofMedia.delete(key);
      deleted += keys.length;
      if (keys.length < PAGE) break;
    }
  }
  return deleted;
}
