import type { AccountReader, WebhookEndpoint } from '@delivery/accounts';
import type { WebhookEndpoints } from '@delivery/webhook-deliveries';

import { FLEET_ENDPOINT_PREFIX as PREFIX } from '../domain/fleet-call-payload';

/**
 * The account's webhook endpoints, and its HTTP fleets' dispatch URLs as endpoints too, so
 * their calls go out through the same store, worker, signing, retries and address checks.
 * A fleet's endpoint is never listed among the caller's and never disabled by an answer:
 * the operator removes the fleet.
 */
export class FleetAwareEndpoints implements WebhookEndpoints {
  constructor(private readonly accounts: WebhookEndpoints & Pick<AccountReader, 'getFleet'>) {}

  listWebhookEndpoints(accountId: string): Promise<WebhookEndpoint[]> {
    return this.accounts.listWebhookEndpoints(accountId);
  }

  async getWebhookEndpoint(id: string): Promise<WebhookEndpoint | null> {
    if (!id.startsWith(PREFIX)) return this.accounts.getWebhookEndpoint(id);
    const separator = id.lastIndexOf(':');
    const [accountId, fleetId] = [id.slice(PREFIX.length, separator), Number(id.slice(separator + 1))];
    const fleet = await this.accounts.getFleet(accountId, fleetId);
    const connector = fleet?.connector;
    if (connector?.kind !== 'http' || !connector.dispatchUrl || !connector.signingSecret) return null;
    return {
      id,
      accountId,
      url: connector.dispatchUrl,
      eventTypes: ['task.dispatched', 'order.cancelled'],
      credentials: { kind: 'none' },
      secrets: [{ secret: connector.signingSecret, createdAt: '1970-01-01T00:00:00.000Z', expiresAt: null }],
      createdAt: '1970-01-01T00:00:00.000Z',
      disabledAt: null,
      disabledReason: null,
    };
  }

  async setWebhookEndpointDisabled(id: string, disabled: { at: string; reason: string } | null): Promise<boolean> {
    return id.startsWith(PREFIX) ? false : this.accounts.setWebhookEndpointDisabled(id, disabled);
  }
}
