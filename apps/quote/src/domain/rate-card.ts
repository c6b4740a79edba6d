import type { RateCardConnector } from '@delivery/accounts';
import { QUOTE_REFUSAL } from '@delivery/contracts';
import { FleetQuoteError, type FleetQuote, type QuoteRequest } from './quote';
import { openWindows, SEARCH_DAYS, timeZoneOf, type PassedOver } from './rate-card-windows';

const MINUTE = 60_000;
const MAX_FEE = 2 ** 31 - 1;

/**
 * The goods' value in the card's minor units. Goods valued in another currency than the
 * card prices in carry no value-based share: we hold no exchange rates (docs/decisions.md).
 */
function declaredValueMinor(card: RateCardConnector, request: QuoteRequest): number {
  const sameCurrency = request.currencyCode == null || request.currencyCode === card.currency;
  return sameCurrency ? (request.monetaryValue ?? 0) * 100 : 0;
}

/**
 * The rate-card fee in minor units of the card's currency: (base + per package + per kg +
 * declared-value share) times the service level's multiplier, rounded to a whole minor unit.
 */
export function rateCardFee(card: RateCardConnector, request: QuoteRequest): number {
  const weightKg = request.packages.reduce((sum, p) => sum + p.weightKg, 0);
  const declaredMinor = declaredValueMinor(card, request);
  const subtotal =
    card.baseFee +
    card.perPackageFee * request.packages.length +
    card.perKgFee * weightKg +
    (declaredMinor * card.declaredValueBasisPoints) / 10_000;
  return Math.round(subtotal * (card.serviceLevelMultipliers[request.serviceLevel] ?? 1));
}

/** Refuses what the fleet does not carry: a shipment over its weight, a package longer than it takes. */
function checkCarried(card: RateCardConnector, request: QuoteRequest): void {
  const weightKg = request.packages.reduce((sum, p) => sum + p.weightKg, 0);
  if (card.maxWeightKg != null && weightKg > card.maxWeightKg) {
    throw new FleetQuoteError(
      'the shipment is too heavy for the fleet',
      [`the packages weigh ${round(weightKg)} kg; the fleet carries up to ${card.maxWeightKg} kg`],
      QUOTE_REFUSAL.tooHeavy,
    );
  }
  const longestCm = Math.max(
    0,
    ...request.packages.map((p) => (p.dimensionsCm ? Math.max(p.dimensionsCm.length, p.dimensionsCm.width, p.dimensionsCm.height) : 0)),
  );
  if (card.maxLengthCm != null && longestCm > card.maxLengthCm) {
    throw new FleetQuoteError(
      'a package is too large for the fleet',
      [`a package measures ${round(longestCm)} cm; the fleet takes packages up to ${card.maxLengthCm} cm on their longest side`],
      QUOTE_REFUSAL.tooLarge,
    );
  }
}

const round = (n: number) => Math.round(n * 100) / 100;
const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

function workingHoursInWords(card: RateCardConnector): string {
  const { startHour, endHour, weekdays } = card.workingHours;
  const days = Object.entries(weekdays ?? {}).map(([day, hours]) =>
    hours ? `${day} ${hour(hours.startHour)}–${hour(hours.endHour)}` : `closed ${day}`,
  );
  return [`${hour(startHour)}–${hour(endHour)}`, ...days].join(', ') + ` (${timeZoneOf(card)})`;
}

/** Why a rate card offered nothing, the most telling reason first: full, past the cutoff, blackout, delivery date too soon, outside working hours. */
function nothingOffered(card: RateCardConnector, request: QuoteRequest, passed: PassedOver, fleetType: number): FleetQuoteError {
  const range = request.deliveryDate ? `before ${request.deliveryDate}` : `in the next ${SEARCH_DAYS} days`;
  const details = [
    ...(passed.full > 0 ? [`${passed.full} window(s) ${range} full`] : []),
    ...(passed.pastCutoff > 0 ? [`${passed.pastCutoff} window(s) past their cutoff: ${cutoffInWords(card)}`] : []),
    ...(passed.blackoutDates.length > 0 ? [`the fleet does not work on ${passed.blackoutDates.join(', ')}`] : []),
    `working hours ${workingHoursInWords(card)}`,
  ];
  if (passed.full > 0) {
    const message = fleetType === 0 ? 'auto-dispatch failed: the internal fleet has no capacity left' : 'the fleet has no capacity left';
    return new FleetQuoteError(message, details, QUOTE_REFUSAL.full);
  }
  if (passed.pastCutoff > 0)
    return new FleetQuoteError(`the cutoff has passed for every window ${range}`, details, QUOTE_REFUSAL.pastCutoff);
  if (passed.blackoutDates.length > 0)
    return new FleetQuoteError(`the fleet does not work on the dates ${range}`, details, QUOTE_REFUSAL.blackout);
  if (passed.dropoffTooLate) {
    const takes = `a drop-off ends at the earliest ${card.transitMinutes + card.windowMinutes / 2} minutes after its pickup window starts`;
    return new FleetQuoteError(`no drop-off can end by ${request.deliveryDate}`, [...details, takes], QUOTE_REFUSAL.deliveryDateTooSoon);
  }
  return new FleetQuoteError(`no pickup window ${range} falls in the fleet's working hours`, details, QUOTE_REFUSAL.outsideWorkingHours);
}

function cutoffInWords(card: RateCardConnector): string {
  const byMinutes = `windows close ${card.leadTimeMinutes} minutes before they start`;
  const cutoff = card.dayCutoff;
  if (!cutoff) return byMinutes;
  const day = cutoff.daysBefore === 0 ? 'the same day' : `${cutoff.daysBefore} day(s) before`;
  return `${byMinutes}, and at ${hour(cutoff.atHour)} ${day}`;
}

/**
 * A rate-card fleet's quotes: every pickup window it can still take (capacity left, before
 * its cutoff, not before `shipDate`), earliest first up to the number it offers, each offered
 * as a standard quote and a priority one (same pickup, drop-off in the first half of the
 * window); only the priority one where the standard drop-off would end after `deliveryDate`.
 */
export async function rateCardQuotes(
  card: RateCardConnector,
  request: QuoteRequest,
  now: Date,
  reservedInWindow: (windowStart: string) => Promise<number>,
  fleetType: number,
): Promise<FleetQuote[]> {
  const undescribed = request.packages.flatMap((p, i) =>
    p.contentDescription?.trim() ? [] : [`package ${i + 1} has no contentDescription`],
  );
  if (undescribed.length > 0) throw new FleetQuoteError('missing item description in estimate', undescribed);
  checkCarried(card, request);

  const fee = rateCardFee(card, request);
  const priorityFee = Math.round(fee * card.priorityMultiplier);
  if (!Number.isFinite(priorityFee) || fee < 0 || priorityFee > MAX_FEE) {
    throw new FleetQuoteError('failed to calculate the quote', ['the fee is out of range']);
  }

  const latestDropoffEnd = request.deliveryDate ? Date.parse(request.deliveryDate) : Infinity;
  const { open, passed } = await openWindows(card, {
    now: now.getTime(),
    from: Math.max(now.getTime(), request.shipDate ? Date.parse(request.shipDate) : 0),
    latestDropoffEnd,
    reservedInWindow,
  });
  if (open.length === 0) throw nothingOffered(card, request, passed, fleetType);

  const windowMs = card.windowMinutes * MINUTE;
  const iso = (ms: number) => new Date(ms).toISOString();
  const expiresAt = iso(now.getTime() + card.quoteTtlMinutes * MINUTE);
  return open.flatMap(({ start, remaining }) => {
    const dropoffStart = start + card.transitMinutes * MINUTE;
    const common = {
      currencyCode: card.currency,
      deliveryTermsSupported: true,
      pickupWindow: { startTime: iso(start), endTime: iso(start + windowMs) },
      expiresAt,
      capacity: card.capacityPerWindow,
      remainingCapacity: remaining,
    };
    const priority: FleetQuote = {
      ...common,
      fleetQuoteId: `${iso(start)}/priority`,
      fee: priorityFee,
      priority: 1,
      dropoffWindow: { startTime: iso(dropoffStart), endTime: iso(dropoffStart + windowMs / 2) },
    };
    if (dropoffStart + windowMs > latestDropoffEnd) return [priority];
    const standard: FleetQuote = {
      ...common,
      fleetQuoteId: `${iso(start)}/standard`,
      fee,
      priority: 0,
      dropoffWindow: { startTime: iso(dropoffStart), endTime: iso(dropoffStart + windowMs) },
    };
    return [standard, priority];
  });
}
