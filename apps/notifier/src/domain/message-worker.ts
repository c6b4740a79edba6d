import { LeasedWorker } from '@delivery/leased-work';
import type { Message } from './message';
import { sendMessage, type SendMessageDeps } from './send-message';

export interface MessageWorkerOptions {
  /** Messages being sent at once. */
  concurrency: number;
  /** How long a claimed message is this worker's: longer than a send can take. */
  leaseMs: number;
  /** How often the store is asked for due messages when nothing wakes the worker. */
  pollIntervalMs: number;
  /** Of `concurrency`, at most this many for one account: a slow provider of one account holds only its own share. */
  perAccountConcurrency: number;
}

/**
 * Sends due messages, several workers (processes) sharing the queue through leases in the
 * store: none sends a message another holds, and one that dies mid-send leaves a lease that
 * runs out (the message, marked as begun, is then recorded `unknown`, not sent again). An
 * account's share is applied by the store's claim: a message over it is never leased.
 */
export function messageWorker(
  deps: SendMessageDeps & { logger: Pick<Console, 'error'>; sent: () => void },
  { concurrency, perAccountConcurrency, leaseMs, pollIntervalMs }: MessageWorkerOptions,
): LeasedWorker<Message> {
  return new LeasedWorker<Message>(
    {
      claim: ({ now, limit, token, until, share }) => deps.messages.claimDue(now, limit, token, until, share),
      keyOf: (message) => message.accountId,
      nameOf: (message) => `message ${message.id}`,
      run: async (message) => {
        await sendMessage(message, deps);
        deps.sent();
      },
    },
    { clock: deps.clock, logger: deps.logger, name: 'notifier', items: 'messages' },
    { concurrency, perKeyConcurrency: perAccountConcurrency, leaseMs, pollIntervalMs },
  );
}
