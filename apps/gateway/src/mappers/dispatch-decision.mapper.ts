import { DISPATCH_OUTCOMES, DISPATCH_STRATEGIES, type DispatchDecisionView } from '@delivery/contracts';
import type { DispatchDecisionMessage } from '@delivery/rpc';
import { timeWindow } from './time-window.mapper';

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** A dispatch decision as Get Order and the dry run show it. */
export function toDispatchDecisionView(decision: DispatchDecisionMessage): DispatchDecisionView {
  return {
    strategy: oneOf(DISPATCH_STRATEGIES, decision.strategy, 'preferred'),
    decided_at: decision.decidedAt,
    candidates: decision.candidates.map((c) => ({
      fleet_id: c.fleetId,
      fleet_name: c.fleetName,
      fee: c.fee ?? null,
      currency_code: c.currencyCode ?? null,
      pickup_window: c.pickupWindow ? timeWindow(c.pickupWindow) : null,
      dropoff_window: c.dropoffWindow ? timeWindow(c.dropoffWindow) : null,
      outcome: oneOf(DISPATCH_OUTCOMES, c.outcome, 'passed_over'),
      reason: c.reason,
    })),
  };
}
