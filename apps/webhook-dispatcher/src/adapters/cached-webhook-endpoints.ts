import type { WebhookEndpoint } from '@delivery/accounts';
import type { WebhookEndpoints } from '@delivery/webhook-deliveries';

/**
 * Keeps endpoints read from account configuration for `ttlMs`, so thousands of events a
 * second do not each read them. A change made elsewhere (a new endpoint, a rotated
 * secret) is seen within `ttlMs`; disabling through this object is seen at once.
 */
export class CachedWebhookEndpoints implements WebhookEndpoints {
  private readonly lists = new Map<string, { at: number; value: Promise<WebhookEndpoint[]> }>();
  private readonly singles = new Map<string, { at: number; value: Promise<WebhookEndpoint | null> }>();

  constructor(
    private readonly source: WebhookEndpoints,
    private readonly ttlMs: number,
  ) {}

  listWebhookEndpoints(accountId: string): Promise<WebhookEndpoint[]> {
    return this.cached(this.lists, accountId, () => this.source.listWebhookEndpoints(accountId));
  }

  getWebhookEndpoint(id: string): Promise<WebhookEndpoint | null> {
    return this.cached(this.singles, id, () => this.source.getWebhookEndpoint(id));
  }

  async setWebhookEndpointDisabled(id: string, disabled: { at: string; reason: string } | null): Promise<boolean> {
    const changed = await this.source.setWebhookEndpointDisabled(id, disabled);
    this.lists.clear();
    this.singles.delete(id);
    return changed;
  }

  private cached<T>(cache: Map<string, { at: number; value: Promise<T> }>, key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = load();
    cache.set(key, { at: now, value });
    value.catch(() => cache.delete(key));
    return value;
  }
}
