import type { WebhookCredentials, WebhookEndpoint } from '../webhook-endpoint';
import { revised } from '../revision';
import { changedAtRevision } from './changed-at-revision';
import { checkConfiguredUrl } from './configured-url';
import type { SettingsDeps } from './settings-deps';
import { checkCredentials, checkEventTypes } from './webhook-endpoint-checks';
import { webhookEndpointOf, type WebhookEndpointRef } from './webhook-endpoint-of';

/** What a change of an endpoint may set; what is left out stays as it is. */
export interface WebhookEndpointChange {
  url?: string;
  /** Empty: every event type. */
  eventTypes?: readonly string[];
  credentials?: WebhookCredentials;
  /** False stops sending (due webhooks fail as sent to a disabled endpoint); true sends again. */
  enabled?: boolean;
  /** Why it is disabled, shown next to it and in its failed deliveries. */
  disabledReason?: string;
}

/**
 * The endpoint with the change applied and stored, null when there is no such endpoint; its
 * signing secrets are untouched (see rotateWebhookEndpointSecret). Made at the revision read,
 * so a rotation or a dispatcher's disabling meanwhile is kept, the change applied over it.
 */
export async function changeWebhookEndpoint(
  ref: WebhookEndpointRef,
  change: WebhookEndpointChange,
  deps: SettingsDeps,
): Promise<WebhookEndpoint | null> {
  if (change.url !== undefined) await checkConfiguredUrl('url', change.url, deps);
  if (change.credentials) await checkCredentials(change.credentials, deps);
  const eventTypes = change.eventTypes && checkEventTypes(change.eventTypes);
  return changedAtRevision(
    `webhook endpoint ${ref.endpointId}`,
    () => webhookEndpointOf(deps.accounts, ref),
    async (endpoint) => {
      const changed: WebhookEndpoint = {
        ...endpoint,
        url: change.url ?? endpoint.url,
        eventTypes: eventTypes ?? endpoint.eventTypes,
        credentials: change.credentials ?? endpoint.credentials,
      };
      if (change.enabled === true) Object.assign(changed, { disabledAt: null, disabledReason: null });
      if (change.enabled === false && endpoint.disabledAt === null) {
        Object.assign(changed, {
          disabledAt: deps.clock.now().toISOString(),
          disabledReason: change.disabledReason ?? 'disabled by an administrator',
        });
      }
      return (await deps.accounts.replaceWebhookEndpoint(changed)) && revised(changed);
    },
  );
}
