import type { KeyValueStore } from '@delivery/key-value';
import type { CourierAnswer } from './courier-call';
import type { CourierFleet } from './courier-fleet';

/** A courier network refusing a fleet's credentials: since when, and its latest refusal in our words. */
export interface CredentialTrouble {
  since: string;
  reason: string;
}

/** Kept this long without news; a call that succeeds clears it at once. */
const KEPT_MS = 30 * 24 * 60 * 60 * 1000;

const entryOf = (fleet: Pick<CourierFleet<unknown>, 'accountId' | 'id'>) => `courier-credentials:${fleet.accountId}:${fleet.id}`;

/**
 * What a network's answer says of a fleet's credentials, kept where every process and the
 * console read it (Redis in production): a 401 or 403 (from its API or its token URL) marks
 * the fleet as refused, and any answer the network gives marks it good again. Best effort:
 * the store's trouble never changes the answer. Answers the answer.
 */
export async function noteCredentials<T>(
  store: Pick<KeyValueStore, 'get' | 'set' | 'delete'>,
  fleet: Pick<CourierFleet<unknown>, 'accountId' | 'id'>,
  answer: CourierAnswer<T>,
  now: () => number = Date.now,
): Promise<CourierAnswer<T>> {
  try {
    if (answer.ok) {
      await store.delete(entryOf(fleet));
    } else if (answer.failure.status === '401' || answer.failure.status === '403') {
      const since = (await credentialTroubleOf(store, fleet))?.since ?? new Date(now()).toISOString();
      const trouble: CredentialTrouble = { since, reason: answer.failure.message };
      await store.set(entryOf(fleet), JSON.stringify(trouble), KEPT_MS);
    }
  } catch {
    // Kept best effort: the next answer notes it again.
  }
  return answer;
}

/** The fleet's credential trouble, if a network refused them since its last good answer. */
export async function credentialTroubleOf(
  store: Pick<KeyValueStore, 'get'>,
  fleet: Pick<CourierFleet<unknown>, 'accountId' | 'id'>,
): Promise<CredentialTrouble | null> {
  const kept = await store.get(entryOf(fleet));
  return kept ? (JSON.parse(kept) as CredentialTrouble) : null;
}
