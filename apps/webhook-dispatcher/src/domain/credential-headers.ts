import type { WebhookEndpoint } from '@delivery/accounts';
import type { AccessTokens } from '../ports/access-tokens';

/** The caller's credentials (spec 1.7) as the headers a webhook to it carries; an OAuth endpoint's token is fetched as needed. */
export async function credentialHeaders(endpoint: WebhookEndpoint, tokens: AccessTokens): Promise<Record<string, string>> {
  const credentials = endpoint.credentials;
  switch (credentials.kind) {
    case 'basic':
      return { authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}` };
    case 'bearer':
      return { authorization: `Bearer ${credentials.token}` };
    case 'oauth2':
      return { authorization: `Bearer ${await tokens.bearer(endpoint.id, credentials)}` };
    case 'headers':
      return { ...credentials.headers };
    case 'none':
      return {};
  }
}
