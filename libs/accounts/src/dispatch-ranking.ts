import type { DispatchPolicy } from './account';

/** What a plan's strategy ranks a fleet's offer by: its fleet, its fee and when its drop-off ends (epoch ms). */
export interface RankedOffer {
  fleetId: number;
  fee: number;
  dropoffEnd: number;
}

/**
 * The one order of a plan's dispatch policy: the cheapest fee, or the earliest drop-off
 * (then the fee), then the preferred fleets in their order, then by fleet id. Same-Day
 * dispatch ranks fleets by it, and Get Quotes its quotes.
 */
export function byDispatchPolicy(policy: DispatchPolicy): (a: RankedOffer, b: RankedOffer) => number {
  const place = (offer: RankedOffer) => {
    const index = policy.preferredFleetIds.indexOf(offer.fleetId);
    return index === -1 ? policy.preferredFleetIds.length : index;
  };
  const preference = (a: RankedOffer, b: RankedOffer) => place(a) - place(b) || a.fleetId - b.fleetId;
  if (policy.strategy === 'cheapest') return (a, b) => a.fee - b.fee || preference(a, b);
  if (policy.strategy === 'fastest') return (a, b) => a.dropoffEnd - b.dropoffEnd || a.fee - b.fee || preference(a, b);
  return preference;
}

/** Whether the policy lets an offer be dispatched: an allowed fleet, within the fee cap. */
export const withinPolicy = (policy: DispatchPolicy, offer: Pick<RankedOffer, 'fleetId' | 'fee'>) =>
  (!policy.allowedFleetIds || policy.allowedFleetIds.includes(offer.fleetId)) && (policy.maxFee === null || offer.fee <= policy.maxFee);
