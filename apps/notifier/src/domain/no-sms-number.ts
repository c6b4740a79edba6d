import type { Clock } from '@delivery/clock';
import type { OptOutRepository } from '../ports/opt-out.repository';
import type { Message } from './message';
import { optOutEvent } from './notification-events';

/**
 * Twilio's errors that say no SMS will ever reach the number from this account
 * (twilio.com/docs/api/errors): 21610, the recipient replied STOP at Twilio (it refuses every
 * later message until START); 21614, the number is not a mobile one (it takes no SMS). Either
 * is kept as the account's opt-out of that number, so later orders do not ask Twilio again.
 */
export const NO_SMS_CODES = new Set(['21610', '21614']);

/** Keeps the opt-out under the number's hash (the current key's, as prepared for the send). */
export async function rememberNoSms(
  message: Message,
  addressHash: string,
  deps: { clock: Clock; optOuts: OptOutRepository },
): Promise<void> {
  const at = deps.clock.now().toISOString();
  const events = [optOutEvent(message.accountId, 'sms', 'provider', true, at, addressHash)];
  await deps.optOuts.add({ accountId: message.accountId, channel: 'sms', addressHash, source: 'provider', at }, events);
}
