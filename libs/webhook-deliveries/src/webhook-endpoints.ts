import type { AccountRepository } from '@delivery/accounts/store';

/** What the dispatcher needs of account configuration: the endpoints, and disabling one on 410 Gone. */
export type WebhookEndpoints = Pick<AccountRepository, 'getWebhookEndpoint' | 'listWebhookEndpoints' | 'setWebhookEndpointDisabled'>;
