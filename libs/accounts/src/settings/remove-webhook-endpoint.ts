import type { SettingsDeps } from './settings-deps';
import { webhookEndpointOf, type WebhookEndpointRef } from './webhook-endpoint-of';

/** Deletes the endpoint; its pending webhooks then fail as sent to no endpoint. False when there is no such endpoint. */
export async function removeWebhookEndpoint(ref: WebhookEndpointRef, { accounts }: Pick<SettingsDeps, 'accounts'>): Promise<boolean> {
  const endpoint = await webhookEndpointOf(accounts, ref);
  return endpoint !== null && accounts.deleteWebhookEndpoint(endpoint.id);
}
