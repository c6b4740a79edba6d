import type { Account } from '@delivery/accounts';
import type { SmsSender } from '../ports/message-senders';

export interface DriverSignInCodeDeps {
  accountOf: (accountId: string) => Promise<Account | null>;
  sms: Pick<SmsSender, 'send'>;
}

/**
 * A driver's sign-in code, by SMS through the account's Twilio channel. The code is a
 * secret: it is neither kept in a message record nor logged; Twilio's status callback is
 * not asked for, as there is no record to settle. False when the account sends no SMS, or
 * Twilio did not take it (the driver then asks their dispatcher for a code).
 */
export async function sendDriverSignInCode(
  request: { accountId: string; phone: string; code: string; validMinutes: number },
  { accountOf, sms }: DriverSignInCodeDeps,
): Promise<boolean> {
  const account = await accountOf(request.accountId);
  const channel = account?.notifications?.sms;
  if (!account || !channel) return false;
  const body = `${account.name}: your driver sign-in code is ${request.code}. It expires in ${request.validMinutes} minutes. Do not share it.`;
  const outcome = await sms.send(channel, { to: request.phone, body, statusCallback: null });
  return outcome.kind === 'accepted';
}
