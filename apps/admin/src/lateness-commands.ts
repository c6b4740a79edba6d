import { DEFAULT_LATENESS_POLICY } from '@delivery/accounts';
import type { AdminDeps } from './admin-commands';
import { required, UsageError, whole, type Options } from './command-options';

const OPTIONS = ['unassigned-before-pickup-minutes', 'pickup-grace-minutes', 'stalled-minutes'] as const;

/** When an account's deliveries count as late (TaskLate events and task.late webhooks); applies to orders made afterwards. */
export const latenessCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'set-lateness': async (options, { accounts }) => {
    const accountId = required(options, 'account');
    const d = DEFAULT_LATENESS_POLICY;
    const policy = OPTIONS.some((name) => options[name] !== undefined)
      ? {
          unassignedMinutesBeforePickup: whole(
            options,
            'unassigned-before-pickup-minutes',
            d.unassignedMinutesBeforePickup,
            0,
            7 * 24 * 60,
          ),
          pickupGraceMinutes: whole(options, 'pickup-grace-minutes', d.pickupGraceMinutes, 0, 7 * 24 * 60),
          stalledMinutes: whole(options, 'stalled-minutes', d.stalledMinutes, 1, 7 * 24 * 60),
        }
      : null;
    if (!(await accounts.setLatenessPolicy(accountId, policy))) throw new UsageError(`no account ${accountId}`);
    return { accountId, lateness: policy ?? d };
  },
};
