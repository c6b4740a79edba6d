import { DISPATCH_OUTCOMES, DISPATCH_STRATEGIES, memberOf, type DispatchDecisionView } from '@delivery/contracts';
import type { DispatchDecisionMessage } from '@delivery/rpc';
import { timeWindow } from './time-window.mapper';

/** A dispatch decision as Get Order and the dry run show it. */
export function toDispatchDecisionView(decision: DispatchDecisionMessage): DispatchDecisionView {
  return {
    strategy: memberOf(DISPATCH_STRATEGIES, decision.strategy) ?? 'preferred',
    decided_at: decision.decidedAt,
    candidates: decision.candidates.map((c) => ({
      fleet_id: c.fleetId,
      fleet_name: c.fleetName,
      fee: c.fee ?? null,
      currency_code: c.currencyCode ?? null,
      pickup_window: c.pickupWindow ? timeWindow(c.pickupWindow) : null,
      dropoff_window: c.dropoffWindow ? timeWindow(c.dropoffWindow) : null,
      outcome: memberOf(DISPATCH_OUTCOMES, c.outcome) ?? 'passed_over',
      reason: c.reason,
    })),
  };
}
