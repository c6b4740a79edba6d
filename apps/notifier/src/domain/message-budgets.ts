import { DEFAULT_MESSAGE_BUDGETS, type MessageBudgets } from '@delivery/accounts';
import type { NotificationChannel } from '@delivery/contracts';

/** Counters every notifier replica shares (Redis, else the embedded store every process here opens). */
export interface BudgetCounters {
  /** Adds one and returns the count; the TTL applies from the first increment. */
  increment(key: string, ttlMs?: number): Promise<number>;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Which budget a message went over, for the metric and the reason. */
export type SpentBudget = 'sms_per_hour' | 'sms_per_day' | 'per_recipient_per_day';

/**
 * Counts a message against its account's budgets (docs/decisions.md, "Who may get an SMS, and
 * how many") just before it goes out: the recipient's day on its channel, and for SMS the
 * account's hour and day. Fixed windows in UTC, each counter kept a little past its window.
 * Null when every budget has room; else the one it went over (counted anyway: a message
 * over its budget does not give the room back, so a flood stays refused).
 */
export async function spendBudget(
  message: { accountId: string; channel: NotificationChannel },
  addressHash: string,
  budgets: MessageBudgets | undefined,
  counters: BudgetCounters,
  now: number,
): Promise<SpentBudget | null> {
  const limits = budgets ?? DEFAULT_MESSAGE_BUDGETS;
  const day = Math.floor(now / DAY);
  const hour = Math.floor(now / HOUR);
  const account = `notifier:budget:${message.accountId}`;
  const recipient = await counters.increment(`${account}:${message.channel}:${addressHash}:d${day}`, DAY + HOUR);
  if (recipient > limits.perRecipientPerDay) return 'per_recipient_per_day';
  if (message.channel !== 'sms') return null;
  const [inHour, inDay] = await Promise.all([
    counters.increment(`${account}:sms:h${hour}`, 2 * HOUR),
    counters.increment(`${account}:sms:d${day}`, DAY + HOUR),
  ]);
  if (inHour > limits.smsPerHour) return 'sms_per_hour';
  if (inDay > limits.smsPerDay) return 'sms_per_day';
  return null;
}

export const BUDGET_WORDS: Record<SpentBudget, string> = {
  sms_per_hour: 'the account’s SMS of this hour are spent',
  sms_per_day: 'the account’s SMS of today are spent',
  per_recipient_per_day: 'this recipient had the day’s most messages on this channel',
};
