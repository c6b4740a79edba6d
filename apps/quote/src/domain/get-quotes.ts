import {
  byDispatchPolicy,
  capabilitiesOf,
  outsideServiceArea,
  withinPolicy,
  type AccountReader,
  type Fleet,
  type ServicePlan,
} from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { DomainError, mergeRequirements, QUOTE_REFUSAL, unmetRequirements, type DeliveryRequirements } from '@delivery/contracts';
import type { FleetConnector } from '../ports/fleet-connector';
import type { QuoteRepository } from '../ports/quote.repository';
import { newQuoteId } from './ids';
import { FleetQuoteError, type FleetQuote, type QuoteRequest, type StoredQuote } from './quote';
import { quoteIssued } from './quote-events';

/** Spec 2.4 quote error, as the domain hands it to the transport. */
export interface FleetFailure {
  message: string;
  fleetName: string;
  fleetId: number;
  externalTeamId: string;
  status: string | null;
  details: string[];
}

export interface GetQuotesDeps {
  fleets: Pick<AccountReader, 'listFleets' | 'listServicePlans'>;
  connectorFor: (fleet: Fleet) => FleetConnector;
  quotes: QuoteRepository;
  clock: Clock;
  /** Each fleet's time budget: a fleet slower than this becomes a quote error. */
  fleetBudgetMs: number;
  eventsCommitted: () => void;
}

/** Null carrier code asks every fleet; a code asks that carrier's fleets. Service levels narrow both. */
export function fleetsAsked(fleets: readonly Fleet[], request: Pick<QuoteRequest, 'carrierCode' | 'serviceLevel'>): Fleet[] {
  return fleets.filter(
    (fleet) =>
      (request.carrierCode === null || fleet.carrierCodes.includes(request.carrierCode)) &&
      (fleet.serviceLevels.length === 0 || fleet.serviceLevels.includes(request.serviceLevel)),
  );
}

/**
 * What a delivery by this fleet would require: the ship request's requirements and those of
 * the service plans it would go under (the request's carrier, or each carrier the fleet serves
 * when the request names none), at the request's service level.
 */
function requiredOf(fleet: Fleet, request: QuoteRequest, plans: readonly ServicePlan[]): DeliveryRequirements {
  const carriers = request.carrierCode === null ? fleet.carrierCodes : [request.carrierCode];
  const planned = plans.filter((plan) => carriers.includes(plan.carrierCode) && plan.serviceLevel === request.serviceLevel);
  return mergeRequirements(request.requirements, ...planned.map((plan) => plan.requirements));
}

/** Resolves with the fleet's quotes or rejects with a FleetQuoteError, never later than the budget. */
async function askWithinBudget(connector: FleetConnector, fleet: Fleet, request: QuoteRequest, budgetMs: number): Promise<FleetQuote[]> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new FleetQuoteError(`the fleet did not answer within ${budgetMs} ms`, [], 'timeout'));
    }, budgetMs);
  });
  try {
    return await Promise.race([connector.quote(fleet, request, controller.signal), budget]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks every matching fleet at once. One slow, down or confused fleet becomes one quote
 * error and never delays the answer past the budget; the quotes are stored until they expire.
 */
export async function getQuotes(request: QuoteRequest, deps: GetQuotesDeps): Promise<{ quotes: StoredQuote[]; errors: FleetFailure[] }> {
  const fleets = fleetsAsked(await deps.fleets.listFleets(request.accountId), request);
  if (fleets.length === 0) {
    const carrier = request.carrierCode === null ? 'any carrier' : `carrier code ${request.carrierCode}`;
    throw new DomainError('FLEET_NOT_FOUND', `No fleet serves ${carrier} at service level ${request.serviceLevel}`);
  }
  const plans = await deps.fleets.listServicePlans(request.accountId);
  const issuedAt = deps.clock.now().toISOString();
  // Each fleet's quotes are stored as soon as it answers, while slower fleets are still
  // awaited: the answer then leaves at the budget, not at the budget plus a write.
  const answers = await Promise.allSettled(
    fleets.map(async (fleet) => {
      const outside = outsideServiceArea(fleet.serviceArea, request.dropoff.address);
      if (outside)
        throw new FleetQuoteError("the drop-off is outside the fleet's service area", [outside], QUOTE_REFUSAL.outsideServiceArea);
      const unmet = unmetRequirements(requiredOf(fleet, request, plans), capabilitiesOf(fleet));
      if (unmet.length > 0)
        throw new FleetQuoteError(
          "the fleet cannot meet the delivery's requirements",
          unmet.map((need) => `it cannot collect ${need}`),
          QUOTE_REFUSAL.requirementsUnmet,
        );
      const offers = await askWithinBudget(deps.connectorFor(fleet), fleet, request, deps.fleetBudgetMs);
      const fleetRef = { id: fleet.id, name: fleet.name, fleetType: fleet.fleetType, externalTeamId: fleet.externalTeamId };
      const stored = offers.map((offer): StoredQuote => ({
        ...offer,
        id: newQuoteId(),
        accountId: request.accountId,
        fleet: fleetRef,
        issuedAt,
        reservation: null,
      }));
      if (stored.length > 0) {
        await deps.quotes.saveIssued(
          stored,
          stored.map((quote) => quoteIssued(quote, request.correlationId)),
        );
        deps.eventsCommitted();
      }
      return stored;
    }),
  );

  const quotes: StoredQuote[] = [];
  const errors: FleetFailure[] = [];
  answers.forEach((answer, index) => {
    const fleet = fleets[index]!;
    if (answer.status === 'fulfilled') {
      quotes.push(...answer.value);
      return;
    }
    const error =
      answer.reason instanceof FleetQuoteError
        ? answer.reason
        : new FleetQuoteError('failed to calculate the quote', [String(answer.reason)]);
    errors.push({
      message: error.message,
      fleetName: fleet.name,
      fleetId: fleet.id,
      externalTeamId: fleet.externalTeamId,
      status: error.status,
      details: error.details,
    });
  });
  return { quotes: rankedByPlan(quotes, request, plans), errors };
}

/**
 * Quotes for a named carrier in its plan's dispatch order (docs/decisions.md): those the
 * policy would dispatch first, ranked by its strategy, then those it would not (a fleet not
 * allowed, a fee above the cap), still offered. Without a carrier or a policy, as the fleets answered.
 */
function rankedByPlan(quotes: StoredQuote[], request: QuoteRequest, plans: readonly ServicePlan[]): StoredQuote[] {
  const policy = plans.find((p) => p.carrierCode === request.carrierCode && p.serviceLevel === request.serviceLevel)?.dispatchPolicy;
  if (!policy) return quotes;
  const order = byDispatchPolicy(policy);
  const ranked = (quote: StoredQuote) => ({ fleetId: quote.fleet.id, fee: quote.fee, dropoffEnd: Date.parse(quote.dropoffWindow.endTime) });
  const outside = (quote: StoredQuote) => (withinPolicy(policy, ranked(quote)) ? 0 : 1);
  return [...quotes].sort((a, b) => outside(a) - outside(b) || order(ranked(a), ranked(b)));
}
