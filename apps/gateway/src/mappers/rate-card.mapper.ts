import type { z } from 'zod';
import { DEFAULT_RATE_CARD, type DayHours, type RateCardConnector, type WorkingHours } from '@delivery/accounts';
import type { consoleRateCardRequestSchema, workingHoursSchema } from '@delivery/contracts';

/** A rate card as the console shows it. */
export function rateCardView(card: RateCardConnector): Record<string, unknown> {
  return {
    kind: 'rate-card',
    currency: card.currency,
    base_fee: card.baseFee,
    per_kg_fee: card.perKgFee,
    per_package_fee: card.perPackageFee,
    declared_value_bp: card.declaredValueBasisPoints,
    time_zone: card.timeZone ?? 'UTC',
    working_hours: workingHoursView(card.workingHours),
    lead_time_minutes: card.leadTimeMinutes,
    day_cutoff: card.dayCutoff ? { days_before: card.dayCutoff.daysBefore, at_hour: card.dayCutoff.atHour } : null,
    blackout_dates: card.blackoutDates ?? [],
    window_minutes: card.windowMinutes,
    transit_minutes: card.transitMinutes,
    capacity_per_window: card.capacityPerWindow,
    windows_offered: card.windowsOffered ?? DEFAULT_RATE_CARD.windowsOffered,
    max_weight_kg: card.maxWeightKg ?? null,
    max_length_cm: card.maxLengthCm ?? null,
    quote_ttl_minutes: card.quoteTtlMinutes,
  };
}

const dayHoursView = (hours: DayHours) => ({ start_hour: hours.startHour, end_hour: hours.endHour });
const dayHoursFrom = (hours: { start_hour: number; end_hour: number }): DayHours => ({
  startHour: hours.start_hour,
  endHour: hours.end_hour,
});

function workingHoursView(hours: WorkingHours) {
  return {
    ...dayHoursView(hours),
    ...(hours.weekdays && {
      weekdays: Object.fromEntries(Object.entries(hours.weekdays).map(([day, own]) => [day, own ? dayHoursView(own) : null])),
    }),
  };
}

function workingHoursFrom(hours: z.infer<typeof workingHoursSchema>): WorkingHours {
  const weekdays = Object.entries(hours.weekdays ?? {}).filter(([, own]) => own !== undefined);
  return {
    ...dayHoursFrom(hours),
    ...(weekdays.length > 0 && { weekdays: Object.fromEntries(weekdays.map(([day, own]) => [day, own ? dayHoursFrom(own) : null])) }),
  };
}

/** A rate card from the console's request: what it leaves out takes the defaults. */
export function rateCardFrom(request: z.infer<typeof consoleRateCardRequestSchema>): RateCardConnector {
  const d = DEFAULT_RATE_CARD;
  return {
    ...d,
    currency: request.currency,
    baseFee: request.base_fee ?? d.baseFee,
    perKgFee: request.per_kg_fee ?? d.perKgFee,
    perPackageFee: request.per_package_fee ?? d.perPackageFee,
    declaredValueBasisPoints: request.declared_value_bp ?? d.declaredValueBasisPoints,
    timeZone: request.time_zone ?? d.timeZone,
    workingHours: request.working_hours ? workingHoursFrom(request.working_hours) : d.workingHours,
    leadTimeMinutes: request.lead_time_minutes ?? d.leadTimeMinutes,
    dayCutoff: request.day_cutoff ? { daysBefore: request.day_cutoff.days_before, atHour: request.day_cutoff.at_hour } : null,
    blackoutDates: request.blackout_dates ?? d.blackoutDates,
    windowMinutes: request.window_minutes ?? d.windowMinutes,
    transitMinutes: request.transit_minutes ?? d.transitMinutes,
    capacityPerWindow: request.capacity_per_window ?? d.capacityPerWindow,
    windowsOffered: request.windows_offered ?? d.windowsOffered,
    maxWeightKg: request.max_weight_kg ?? null,
    maxLengthCm: request.max_length_cm ?? null,
    quoteTtlMinutes: request.quote_ttl_minutes ?? d.quoteTtlMinutes,
  };
}
