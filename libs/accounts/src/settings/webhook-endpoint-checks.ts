import { isWebhookEventType, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@delivery/contracts';
import type { OutboundPolicy, Resolver } from '@delivery/outbound';
import type { WebhookCredentials } from '../webhook-endpoint';
import { checkConfiguredUrl } from './configured-url';
import { InvalidSetting } from './invalid-setting';

/** Our own headers and the body's are ours to set; a caller's header must not replace them. */
const RESERVED_HEADER = /^(webhook-|content-|host$)/i;
const HEADER_NAME = /^[A-Za-z0-9-]{1,100}$/;
/**
 * An HTTP field value as RFC 9110 (5.5) allows it: visible characters, Latin-1's upper half
 * (obs-text), and spaces or tabs inside, not at either end. CR, LF and NUL would split or end
 * the header, and HTTP clients refuse any other character before sending, so a value
 * outside this could never go out.
 */
const FIELD_VALUE = /^[\x21-\x7E\x80-\xFF](?:[\t\x20-\x7E\x80-\xFF]{0,4094}[\x21-\x7E\x80-\xFF])?$/;

/** The caller's credentials, usable as given; an OAuth token URL also passes the outbound policy, as a webhook URL does. */
export async function checkCredentials(
  credentials: WebhookCredentials,
  deps: { urlPolicy: OutboundPolicy; resolve?: Resolver },
): Promise<void> {
  if (credentials.kind === 'oauth2') {
    if (!credentials.clientId) throw new InvalidSetting('credentials.client_id must be given');
    if (credentials.user && !credentials.user.username) throw new InvalidSetting('credentials.username must be given');
    await checkConfiguredUrl('credentials.token_url', credentials.tokenUrl, deps);
  }
  checkStaticCredentials(credentials);
}

function checkStaticCredentials(credentials: WebhookCredentials): void {
  if (credentials.kind === 'basic' && (!credentials.username || credentials.username.includes(':'))) {
    throw new InvalidSetting('credentials.username must be given, without a colon');
  }
  if (credentials.kind === 'bearer' && !credentials.token) throw new InvalidSetting('credentials.token must be given');
  if (credentials.kind === 'bearer' && !FIELD_VALUE.test(credentials.token)) {
    throw new InvalidSetting('credentials.token cannot be sent in a header: printable characters only, no line breaks');
  }
  if (credentials.kind === 'headers') {
    const names = Object.keys(credentials.headers);
    if (names.length === 0) throw new InvalidSetting('credentials.headers must name at least one header');
    for (const name of names) {
      if (!HEADER_NAME.test(name) || RESERVED_HEADER.test(name)) {
        throw new InvalidSetting(
          `credentials.headers: ${name} is not a header we may send (letters, digits and -; not webhook-*, content-* or host)`,
        );
      }
      if (!FIELD_VALUE.test(credentials.headers[name]!)) {
        throw new InvalidSetting(
          `credentials.headers: the value of ${name} cannot be sent (printable characters only, no line breaks, none at either end)`,
        );
      }
    }
  }
}

/** The event types asked for; none means every type. */
export function checkEventTypes(given: readonly string[]): WebhookEventType[] {
  if (given.length === 0) return [...WEBHOOK_EVENT_TYPES];
  const unknown = given.filter((type) => !isWebhookEventType(type));
  if (unknown.length > 0) throw new InvalidSetting(`unknown event types ${unknown.join(', ')}; known: ${WEBHOOK_EVENT_TYPES.join(', ')}`);
  return [...new Set(given)] as WebhookEventType[];
}
