import { byDispatchPolicy, type DispatchPolicy, type RankedOffer } from '@delivery/accounts';
import type { DispatchDecision, RankedFleet } from '@delivery/contracts';
import type { FleetOffer } from '../ports/quote-reservations';
import type { TimeWindow } from './task';

/** A fleet's best offer for a task under the plan's strategy, or why it made none. */
export interface PricedFleet {
  fleet: { id: number; name: string };
  offer: { fee: number; currencyCode: string; pickupWindow: TimeWindow; dropoffWindow: TimeWindow } | null;
  /** Why the fleet offered nothing, when it was asked. */
  error: string | null;
}

type DispatchOutcome = RankedFleet['outcome'];

/** Without a plan policy: the fleets in id order, unpriced, as dispatch has always tried them. */
export const BY_FLEET_ID: DispatchPolicy = { strategy: 'preferred', preferredFleetIds: [], maxFee: null, allowedFleetIds: null };

/** Whether ranking needs each fleet's price: a strategy by fee or time, or a fee cap. */
export const needsPrices = (policy: DispatchPolicy) => policy.strategy !== 'preferred' || policy.maxFee !== null;

function passedOver(priced: PricedFleet, policy: DispatchPolicy, currency: string): string | null {
  if (policy.allowedFleetIds && !policy.allowedFleetIds.includes(priced.fleet.id)) return "not among the plan's allowed fleets";
  if (!needsPrices(policy)) return null;
  const { offer } = priced;
  if (!offer) return `offered nothing: ${priced.error ?? 'no quote'}`;
  if (offer.currencyCode !== currency)
    return `quoted in ${offer.currencyCode} while the plan is priced in ${currency}; fees are not compared across currencies`;
  if (policy.maxFee !== null && offer.fee > policy.maxFee)
    return `fee ${offer.fee} ${currency} is above the plan's maximum of ${policy.maxFee}`;
  return null;
}

const endOf = (priced: PricedFleet) => Date.parse(priced.offer!.dropoffWindow.endTime);

/** An unpriced fleet (the preferred strategy without a cap) ranks by preference alone. */
const asRanked = (f: PricedFleet): RankedOffer => ({
  fleetId: f.fleet.id,
  fee: f.offer?.fee ?? 0,
  dropoffEnd: f.offer ? endOf(f) : 0,
});

function compare(policy: DispatchPolicy): (a: PricedFleet, b: PricedFleet) => number {
  const order = byDispatchPolicy(policy);
  return (a, b) => order(asRanked(a), asRanked(b));
}

function reasonFor(policy: DispatchPolicy, fleet: PricedFleet, best: PricedFleet, rank: number, eligible: number): string {
  if (policy.strategy === 'cheapest') {
    return rank === 0 ? `the cheapest of ${eligible}` : `costs ${fleet.offer!.fee - best.offer!.fee} more than the chosen fleet`;
  }
  if (policy.strategy === 'fastest') {
    const later = Math.round((endOf(fleet) - endOf(best)) / 60_000);
    return rank === 0 ? `the earliest drop-off of ${eligible}` : `drops off ${later} minutes later than the chosen fleet`;
  }
  const order = policy.preferredFleetIds.length > 0 ? 'the preferred order' : 'fleet id order';
  return rank === 0 ? `first in ${order}` : `number ${rank + 1} in ${order}`;
}

/**
 * Ranks the fleets serving a task by the plan's policy. The first is chosen; the others
 * allowed are the fallback chain, in rank order; each one passed over says why.
 */
export function decideDispatch(
  fleets: readonly PricedFleet[],
  policy: DispatchPolicy,
  currency: string,
  decidedAt: string,
): DispatchDecision {
  const ranked = (f: PricedFleet, outcome: DispatchOutcome, reason: string): RankedFleet => ({
    fleetId: f.fleet.id,
    fleetName: f.fleet.name,
    fee: f.offer?.fee ?? null,
    currencyCode: f.offer?.currencyCode ?? null,
    pickupWindow: f.offer?.pickupWindow ?? null,
    dropoffWindow: f.offer?.dropoffWindow ?? null,
    outcome,
    reason,
  });
  const passed = fleets.flatMap((f) => {
    const why = passedOver(f, policy, currency);
    return why ? [ranked(f, 'passed_over', why)] : [];
  });
  const eligible = fleets.filter((f) => !passed.some((p) => p.fleetId === f.fleet.id)).sort(compare(policy));
  const chain = eligible.map((f, rank) =>
    ranked(f, rank === 0 ? 'chosen' : 'fallback', reasonFor(policy, f, eligible[0]!, rank, eligible.length)),
  );
  return { strategy: policy.strategy, decidedAt, candidates: [...chain, ...passed] };
}

/**
 * Each fleet's best quote by the policy's own order (the earliest drop-off when fastest, else
 * the cheapest: preference ranks fleets, not one fleet's quotes), or its error.
 */
export function pricedFleets(
  fleets: readonly { id: number; name: string }[],
  answer: { offers: readonly FleetOffer[]; errors: readonly { fleetId: number; message: string }[] },
  policy: DispatchPolicy,
): PricedFleet[] {
  const order = byDispatchPolicy(policy.strategy === 'fastest' ? policy : { ...policy, strategy: 'cheapest' });
  const ranked = (o: FleetOffer): RankedOffer => ({ fleetId: o.fleetId, fee: o.fee, dropoffEnd: Date.parse(o.dropoffWindow.endTime) });
  const better = (a: FleetOffer, b: FleetOffer) => order(ranked(a), ranked(b));
  return fleets.map((fleet) => {
    const [best] = answer.offers.filter((o) => o.fleetId === fleet.id).sort(better);
    if (!best)
      return { fleet, offer: null, error: answer.errors.find((e) => e.fleetId === fleet.id)?.message ?? 'the fleet gave no quote' };
    const { fee, currencyCode, pickupWindow, dropoffWindow } = best;
    return { fleet, offer: { fee, currencyCode, pickupWindow, dropoffWindow }, error: null };
  });
}

export const unpriced = (fleets: readonly { id: number; name: string }[]): PricedFleet[] =>
  fleets.map((fleet) => ({ fleet, offer: null, error: null }));

/**
 * The decision once a fleet it ranked refused the task: that fleet's entry says so and why
 * (a courier's refusal of our credentials, a fleet's own reason), so Get Order tells what
 * happened to it; the others stand.
 */
export const withRejection = (decision: DispatchDecision, fleetId: number, reason: string): DispatchDecision => ({
  ...decision,
  candidates: decision.candidates.map((c) =>
    c.fleetId === fleetId ? { ...c, outcome: 'rejected' as const, reason: `it refused the delivery: ${reason}` } : c,
  ),
});
