import type { DispatchPolicy } from '@delivery/accounts';
import { DISPATCH_STRATEGIES, memberOf } from '@delivery/contracts';
import { list, UsageError, whole, type Options } from './command-options';

function fleetIds(options: Options, name: string): number[] {
  return list(options[name]).map((id) => {
    const value = Number(id);
    if (!Number.isInteger(value) || value < 1) throw new UsageError(`--${name} takes fleet ids, e.g. 2,1`);
    return value;
  });
}

/**
 * `--dispatch-strategy cheapest|fastest|preferred [--preferred-fleets 2,1] [--max-fee 1500]
 * [--allowed-fleets 1,2]`; without any of them, the fleets in id order (null).
 */
export function dispatchPolicyOptions(options: Options): DispatchPolicy | null {
  const named = ['dispatch-strategy', 'preferred-fleets', 'max-fee', 'allowed-fleets'].some((name) => options[name] !== undefined);
  if (!named) return null;
  const strategy = memberOf(DISPATCH_STRATEGIES, options['dispatch-strategy'] ?? 'preferred');
  if (!strategy) throw new UsageError(`--dispatch-strategy must be one of ${DISPATCH_STRATEGIES.join(', ')}`);
  return {
    strategy,
    preferredFleetIds: fleetIds(options, 'preferred-fleets'),
    maxFee: options['max-fee'] === undefined ? null : whole(options, 'max-fee', 0),
    allowedFleetIds: options['allowed-fleets'] === undefined ? null : fleetIds(options, 'allowed-fleets'),
  };
}
