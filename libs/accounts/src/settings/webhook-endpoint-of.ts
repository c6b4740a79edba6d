import type { AccountReader } from '../account-reader';
import type { WebhookEndpoint } from '../webhook-endpoint';

/**
 * Which endpoint a change is for: by its id, and when a console user asks, only one of their
 * own account's (another account's id is as unknown as a made-up one); an operator names any.
 */
export interface WebhookEndpointRef {
  endpointId: string;
  accountId?: string;
}

export async function webhookEndpointOf(accounts: AccountReader, ref: WebhookEndpointRef): Promise<WebhookEndpoint | null> {
  const endpoint = await accounts.getWebhookEndpoint(ref.endpointId);
  return endpoint && (ref.accountId === undefined || endpoint.accountId === ref.accountId) ? endpoint : null;
}
