import type { EventEnvelope } from '@delivery/contracts';
import { type EmbeddedStore, type EmbeddedTable, openRecordTable } from '@delivery/embedded-store';
import { toOutboxEntry, type OutboxEntry, type OutboxStore, type Lead } from './outbox';

/**
 * The outbox as tables of a service's own LMDB store. `append` must run inside the write
 * transaction that stores the change, so both commit or neither; entries are keyed by a
 * sequence, so they drain in commit order.
 */
export class EmbeddedOutbox implements OutboxStore {
  private readonly entries: EmbeddedTable<OutboxEntry, number>;
  private readonly meta: EmbeddedTable<number, string>;
  private readonly leader: EmbeddedTable<{ relayId: string; until: number }, string>;

  constructor(
    store: EmbeddedStore,
    private readonly topic: string,
  ) {
    this.entries = openRecordTable<OutboxEntry, number>(store, 'outbox');
    this.meta = store.openDB<number, string>({ name: 'outbox-meta' });
    this.leader = openRecordTable<{ relayId: string; until: number }, string>(store, 'outbox-leader');
  }

  // LMDB serializes write transactions across every process that opened the store.
  async lead(relayId: string, forMs: number): Promise<Lead> {
    return this.leader.transaction((): Lead => {
      const now = Date.now();
      const current = this.leader.get('leader');
      if (current && current.relayId !== relayId && current.until > now) return { led: false, heldUntil: current.until };
      this.leader.put('leader', { relayId, until: now + forMs });
      return { led: true };
    });
  }

  append(events: readonly EventEnvelope[]): void {
    let sequence = this.meta.get('sequence') ?? 0;
    for (const event of events) this.entries.put(++sequence, toOutboxEntry(this.topic, event));
    this.meta.put('sequence', sequence);
  }

  async pending(limit: number): Promise<OutboxEntry[]> {
    return [...this.entries.getRange({ limit })].map((entry) => entry.value);
  }

  async markPublished(ids: readonly string[]): Promise<void> {
    const remaining = new Set(ids);
    await this.entries.transaction(() => {
      for (const { key, value } of this.entries.getRange()) {
        if (remaining.size === 0) break;
        if (remaining.delete(value.id)) this.entries.remove(key);
      }
    });
  }
}
