import { randomBytes } from 'node:crypto';
import type { WebhookCredentials, WebhookEndpoint } from '../webhook-endpoint';
import { generateWebhookSecret } from '../webhook-secret';
import { SettingNotFound } from './invalid-setting';
import type { SettingsDeps } from './settings-deps';
import { checkCredentials, checkEventTypes } from './webhook-endpoint-checks';
import { checkConfiguredUrl } from './configured-url';

/** A new endpoint of the account, with its first signing secret (shown once). */
export async function addWebhookEndpoint(
  input: { accountId: string; url: string; eventTypes: readonly string[]; credentials: WebhookCredentials },
  deps: SettingsDeps,
): Promise<{ endpoint: WebhookEndpoint; signingSecret: string }> {
  if (!(await deps.accounts.getAccount(input.accountId))) throw new SettingNotFound(`no account ${input.accountId}`);
  await checkConfiguredUrl('url', input.url, deps);
  await checkCredentials(input.credentials, deps);
  const now = deps.clock.now().toISOString();
  const signingSecret = generateWebhookSecret();
  const endpoint: WebhookEndpoint = {
    id: `whe_${randomBytes(8).toString('hex')}`,
    accountId: input.accountId,
    url: input.url,
    eventTypes: checkEventTypes(input.eventTypes),
    credentials: input.credentials,
    secrets: [{ secret: signingSecret, createdAt: now, expiresAt: null }],
    createdAt: now,
    disabledAt: null,
    disabledReason: null,
  };
  await deps.accounts.putWebhookEndpoint(endpoint);
  return { endpoint, signingSecret };
}
