import type { Clock } from '@delivery/clock';
import type { OptOutRepository } from '../ports/opt-out.repository';
import type { AddressHasher } from './address-hash';
import type { Message } from './message';
import { optOutEvent } from './notification-events';

/**
 * Twilio's errors that say no SMS will ever reach the number from this account
 * (twilio.com/docs/api/errors): 21610, the recipient replied STOP at Twilio (it refuses every
 * later message until START); 21614, the number is not a mobile one (it takes no SMS). Either
 * is kept as the account's opt-out of that number, so later orders do not ask Twilio again.
 */
export const NO_SMS_CODES = new Set(['21610', '21614']);

export async function rememberNoSms(
  message: Message,
  address: string,
  deps: { clock: Clock; hasher: AddressHasher; optOuts: OptOutRepository },
): Promise<void> {
  const at = deps.clock.now().toISOString();
  const [hash] = deps.hasher.hashes(message.accountId, 'sms', address);
  const events = [optOutEvent(message.accountId, 'sms', 'provider', true, at, hash!)];
  await deps.optOuts.add({ accountId: message.accountId, channel: 'sms', addressHash: hash!, source: 'provider', at }, events);
}
