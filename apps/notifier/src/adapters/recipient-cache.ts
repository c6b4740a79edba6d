import type { TaskSnapshot } from '@delivery/contracts';
import type { Recipient, RecipientDirectory } from '../ports/recipient-directory';
import { ShortCache } from './short-cache';

/** A moment's SMS and e-mail go out within moments of each other; a few seconds covers both, and no more. */
const RECIPIENT_KEPT_MS = 5_000;
const KEPT = 2_000;

/**
 * A task's recipient read once for the messages that go out together (each moment has one per
 * channel), rather than once per message; kept only seconds, in memory, so an address the
 * caller changes is read again by the next moment.
 */
export class RecipientCache implements RecipientDirectory {
  private readonly found: ShortCache<Recipient | null>;

  constructor(
    private readonly directory: RecipientDirectory,
    now: () => number = Date.now,
  ) {
    this.found = new ShortCache(RECIPIENT_KEPT_MS, KEPT, now);
  }

  find(accountId: string, taskId: string): Promise<Recipient | null> {
    return this.found.get(`${accountId}\n${taskId}`, () => this.directory.find(accountId, taskId));
  }

  snapshotOf(accountId: string, taskId: string): Promise<TaskSnapshot | null> {
    return this.directory.snapshotOf(accountId, taskId);
  }
}
