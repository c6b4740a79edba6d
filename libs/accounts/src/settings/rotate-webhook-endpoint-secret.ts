import { withRotatedSecret, type WebhookEndpoint } from '../webhook-endpoint';
import { generateWebhookSecret } from '../webhook-secret';
import { revised } from '../revision';
import { changedAtRevision } from './changed-at-revision';
import type { SettingsDeps } from './settings-deps';
import { webhookEndpointOf, type WebhookEndpointRef } from './webhook-endpoint-of';

/**
 * A new signing secret (shown once); the current ones keep signing for `overlapMs`, so
 * receivers can switch. Null when there is no such endpoint.
 */
export async function rotateWebhookEndpointSecret(
  ref: WebhookEndpointRef,
  overlapMs: number,
  deps: Pick<SettingsDeps, 'accounts' | 'clock'>,
): Promise<{ endpoint: WebhookEndpoint; signingSecret: string } | null> {
  const signingSecret = generateWebhookSecret();
  return changedAtRevision(
    `webhook endpoint ${ref.endpointId}`,
    () => webhookEndpointOf(deps.accounts, ref),
    async (endpoint) => {
      const rotated = withRotatedSecret(endpoint, signingSecret, deps.clock.now(), overlapMs);
      if (!(await deps.accounts.replaceWebhookEndpoint(rotated))) return false;
      return { endpoint: revised(rotated), signingSecret };
    },
  );
}
