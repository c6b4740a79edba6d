import type { Account } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { DomainError, type MessageStatus } from '@delivery/contracts';
import type { MessageRepository } from '../ports/message.repository';
import type { OptOutRepository } from '../ports/opt-out.repository';
import type { AddressHasher } from './address-hash';
import { settlementEvent, optOutEvent } from './notification-events';
import { keywordOf } from './sms-keywords';
import { isTwilioSignature } from './twilio-signature';
import type { UnsubscribeTokens } from './unsubscribe-token';

export interface RecipientRepliesDeps {
  messages: MessageRepository;
  optOuts: OptOutRepository;
  accountOf: (accountId: string) => Promise<Account | null>;
  hasher: AddressHasher;
  unsubscribeTokens: UnsubscribeTokens;
  clock: Clock;
  stored: () => void;
}

/** A request Twilio made to one of our webhooks: the URL it called, its signature header and its form fields. */
export interface TwilioRequest {
  accountId: string;
  url: string;
  signature: string;
  params: Record<string, string>;
}

/** Twilio's `MessageStatus` values that end a message's story (its status callback), in ours. */
const REPORTED: Partial<Record<string, MessageStatus>> = { delivered: 'delivered', undelivered: 'undelivered', failed: 'failed' };

/** The account's Twilio auth token, after checking the request is Twilio's; refused otherwise, the same way whatever failed. */
async function verified(request: TwilioRequest, deps: RecipientRepliesDeps): Promise<Account> {
  const account = await deps.accountOf(request.accountId);
  const token = account?.notifications?.sms?.authToken;
  if (!account || !token || !isTwilioSignature(request.signature, token, request.url, request.params)) {
    throw new DomainError('FORBIDDEN', 'The request is not signed by Twilio for this account');
  }
  if (request.params.AccountSid && request.params.AccountSid !== account.notifications!.sms!.accountSid) {
    throw new DomainError('FORBIDDEN', 'The request is not signed by Twilio for this account');
  }
  return account;
}

/**
 * Twilio's status callback (twilio.com/docs/messaging/guides/track-outbound-message-status):
 * `MessageSid`, `MessageStatus` and, when it failed, `ErrorCode`. Delivered, undelivered and
 * failed are recorded with the code; the statuses on the way (queued, sent) change nothing.
 */
export async function takeTwilioStatus(request: TwilioRequest, deps: RecipientRepliesDeps): Promise<void> {
  await verified(request, deps);
  const status = REPORTED[request.params.MessageStatus ?? ''];
  const sid = request.params.MessageSid ?? request.params.SmsSid;
  if (!status || !sid) return;
  const message = await deps.messages.findByProviderRef('twilio', sid);
  if (!message || message.accountId !== request.accountId) return;
  const at = deps.clock.now().toISOString();
  const code = request.params.ErrorCode?.trim() || null;
  const detail = code ? `Twilio error ${code}` : null;
  const event = settlementEvent(message, status, message.sent?.language ?? 'en', at, detail ?? status, { errorCode: code });
  if (await deps.messages.report(message.id, status, at, detail, event ? [event] : [])) deps.stored();
}

/**
 * Twilio's incoming-message webhook (twilio.com/docs/messaging/guides/webhook-request): a
 * reply `Body` from `From`. STOP and its synonyms opt that number out of the account's SMS;
 * START, YES and UNSTOP opt it back in. Anything else is not ours to read. Each reply is acted
 * on once, by its `MessageSid`: a signed request replayed changes nothing.
 */
export async function takeTwilioInbound(request: TwilioRequest, deps: RecipientRepliesDeps): Promise<void> {
  await verified(request, deps);
  const keyword = keywordOf(request.params.Body ?? '');
  const from = request.params.From?.trim();
  if (!keyword || !from) return;
  const at = deps.clock.now().toISOString();
  const sid = request.params.MessageSid ?? request.params.SmsSid;
  // A reply without its id cannot be told from a replay of one: not acted on.
  if (!sid || !(await deps.optOuts.takeReply(request.accountId, sid, at))) return;
  const hashes = deps.hasher.hashes(request.accountId, 'sms', from);
  const events = [optOutEvent(request.accountId, 'sms', 'sms_keyword', keyword === 'opt-out', at, hashes[0]!)];
  let changed: boolean;
  try {
    changed =
      keyword === 'opt-out'
        ? await deps.optOuts.add(
            { accountId: request.accountId, channel: 'sms', addressHash: hashes[0]!, source: 'sms_keyword', at },
            events,
          )
        : await deps.optOuts.remove(request.accountId, 'sms', hashes, events);
  } catch (error) {
    await deps.optOuts.releaseReply(request.accountId, sid).catch(() => undefined);
    throw error;
  }
  if (changed) deps.stored();
}

/** The one-click unsubscribe of an e-mail's link (RFC 8058): the address opts out of the account's e-mail. */
export async function unsubscribe(token: string, deps: RecipientRepliesDeps): Promise<void> {
  const unsubscription = deps.unsubscribeTokens.open(token);
  if (!unsubscription) throw new DomainError('UNSUBSCRIBE_LINK_NOT_FOUND', 'This unsubscribe link is not one of ours');
  const { accountId, addressHash } = unsubscription;
  const at = deps.clock.now().toISOString();
  const events = [optOutEvent(accountId, 'email', 'unsubscribe_link', true, at, addressHash)];
  if (await deps.optOuts.add({ accountId, channel: 'email', addressHash, source: 'unsubscribe_link', at }, events)) deps.stored();
}
