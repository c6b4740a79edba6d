import type { RateCardConnector } from '@delivery/accounts';
import { FleetQuoteError, type FleetQuote, type QuoteRequest } from './quote';

const MINUTE = 60_000;
const SEARCH_DAYS = 7;
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

/** Pickup window starts in working hours (UTC), from `from` on, in `windowMinutes` steps. */
function* windowStarts(card: RateCardConnector, from: Date): Generator<Date> {
  const step = card.windowMinutes * MINUTE;
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  for (let d = 0; d < SEARCH_DAYS; d++) {
    const open = day.getTime() + d * 24 * 60 * MINUTE + card.workingHours.startHour * 60 * MINUTE;
    const close = day.getTime() + d * 24 * 60 * MINUTE + card.workingHours.endHour * 60 * MINUTE;
    for (let start = open; start + step <= close; start += step) if (start >= from.getTime()) yield new Date(start);
  }
}

/**
 * A rate-card fleet's quotes: the first pickup window with capacity left after the lead
 * time (and not before `shipDate`) whose drop-off ends by `deliveryDate`, offered as a
 * standard quote and a priority one (same pickup, drop-off in the first half of the window).
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

  const fee = rateCardFee(card, request);
  const priorityFee = Math.round(fee * card.priorityMultiplier);
  if (!Number.isFinite(priorityFee) || fee < 0 || priorityFee > MAX_FEE) {
    throw new FleetQuoteError('failed to calculate the quote', ['the fee is out of range']);
  }

  const earliest = new Date(Math.max(now.getTime() + card.leadTimeMinutes * MINUTE, request.shipDate ? Date.parse(request.shipDate) : 0));
  const latestDropoffEnd = request.deliveryDate ? Date.parse(request.deliveryDate) : Infinity;
  const windowMs = card.windowMinutes * MINUTE;
  const transitMs = card.transitMinutes * MINUTE;
  const iso = (ms: number) => new Date(ms).toISOString();
  const expiresAt = iso(now.getTime() + card.quoteTtlMinutes * MINUTE);

  for (const start of windowStarts(card, earliest)) {
    const pickupStart = start.getTime();
    const dropoffStart = pickupStart + transitMs;
    if (dropoffStart + windowMs / 2 > latestDropoffEnd) break;
    if ((await reservedInWindow(iso(pickupStart))) >= card.capacityPerWindow) continue;

    const common = {
      currencyCode: card.currency,
      deliveryTermsSupported: true,
      pickupWindow: { startTime: iso(pickupStart), endTime: iso(pickupStart + windowMs) },
      expiresAt,
      capacity: card.capacityPerWindow,
    };
    const priority: FleetQuote = {
      ...common,
      fleetQuoteId: `${iso(pickupStart)}/priority`,
      fee: priorityFee,
      priority: 1,
      dropoffWindow: { startTime: iso(dropoffStart), endTime: iso(dropoffStart + windowMs / 2) },
    };
    if (dropoffStart + windowMs > latestDropoffEnd) return [priority];
    const standard: FleetQuote = {
      ...common,
      fleetQuoteId: `${iso(pickupStart)}/standard`,
      fee,
      priority: 0,
      dropoffWindow: { startTime: iso(dropoffStart), endTime: iso(dropoffStart + windowMs) },
    };
    return [standard, priority];
  }
  const reason = request.deliveryDate ? `no window with capacity left before ${request.deliveryDate}` : 'no window with capacity left';
  throw new FleetQuoteError(
    fleetType === 0 ? 'auto-dispatch failed: the internal fleet has no capacity left' : 'the fleet has no capacity left',
    [reason],
  );
}
