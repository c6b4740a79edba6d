import {
  DEFAULT_FAILED_DROPOFF_POLICY,
  DEFAULT_LATENESS_POLICY,
  DEFAULT_PROOF_MEDIA_POLICY,
  FAILED_DROPOFF_FOLLOW_UPS,
  MAX_DROPOFF_ATTEMPTS,
  PROOF_MEDIA_RETENTION_DAYS,
} from '@delivery/accounts';
import { memberOf } from '@delivery/contracts';
import type { AdminDeps } from './admin-deps';
import { asUsage, NotFound, required, UsageError, whole, type Options } from './command-options';

const OPTIONS = ['unassigned-before-pickup-minutes', 'pickup-grace-minutes', 'stalled-minutes'] as const;

/** An account's rules for its deliveries: when they count as late, what follows a failed drop-off, how long proofs are kept. */
export const deliveryPolicyCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'set-lateness': async (options, { settings }) => {
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
    if (!(await asUsage(() => settings.setLatenessPolicy(accountId, policy)))) throw new NotFound(`no account ${accountId}`);
    return { accountId, lateness: policy ?? d };
  },

  /** `--then return|reattempt|nothing [--max-attempts N]`: without them, the default (a return to the pickup). */
  'set-failed-dropoff': async (options, { settings }) => {
    const accountId = required(options, 'account');
    const named = options.then !== undefined || options['max-attempts'] !== undefined;
    const then = memberOf(FAILED_DROPOFF_FOLLOW_UPS, options.then ?? DEFAULT_FAILED_DROPOFF_POLICY.then);
    if (!then) throw new UsageError(`--then must be one of ${FAILED_DROPOFF_FOLLOW_UPS.join(', ')}`);
    const maxAttempts = whole(options, 'max-attempts', then === 'reattempt' ? 2 : 1, 1, MAX_DROPOFF_ATTEMPTS);
    const policy = named ? { then, maxAttempts } : null;
    if (!(await asUsage(() => settings.setFailedDropoffPolicy(accountId, policy)))) throw new NotFound(`no account ${accountId}`);
    return { accountId, failedDropoff: policy ?? DEFAULT_FAILED_DROPOFF_POLICY };
  },

  /** `--retention-days N --keep-location yes|no`: without them, the defaults (180 days, location removed). */
  'set-proof-media': async (options, { settings }) => {
    const accountId = required(options, 'account');
    const d = DEFAULT_PROOF_MEDIA_POLICY;
    const keep = options['keep-location'];
    if (keep !== undefined && !['yes', 'no'].includes(keep)) throw new UsageError('--keep-location must be yes or no');
    const named = options['retention-days'] !== undefined || keep !== undefined;
    const { min, max } = PROOF_MEDIA_RETENTION_DAYS;
    const policy = named
      ? {
          retentionDays: whole(options, 'retention-days', d.retentionDays, min, max),
          keepLocation: keep === undefined ? d.keepLocation : keep === 'yes',
        }
      : null;
    if (!(await asUsage(() => settings.setProofMediaPolicy(accountId, policy)))) throw new NotFound(`no account ${accountId}`);
    return { accountId, proofMedia: policy ?? d };
  },
};
