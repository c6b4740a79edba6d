import type { WebhookCredentials } from '@delivery/accounts';

/** The caller's credentials (spec 1.7) as the headers every webhook to it carries. */
export function credentialHeaders(credentials: WebhookCredentials): Record<string, string> {
  switch (credentials.kind) {
    case 'basic':
      return { authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}` };
    case 'bearer':
      return { authorization: `Bearer ${credentials.token}` };
    case 'headers':
      return { ...credentials.headers };
    case 'none':
      return {};
  }
}
