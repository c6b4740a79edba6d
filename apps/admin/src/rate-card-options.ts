import { DEFAULT_RATE_CARD, type DayHours, type RateCardConnector, type WorkingHours } from '@delivery/accounts';
import { localDateSchema, MAX_WINDOWS_OFFERED, memberOf, timeZoneSchema, WEEKDAYS, type Weekday } from '@delivery/contracts';
import { amount, list, UsageError, whole, type Options } from './command-options';

/** `8-20`: whole local hours, the end after the start. */
function hoursFrom(text: string, option: string): DayHours {
  const [startHour, endHour] = text.split('-').map(Number);
  if (!Number.isInteger(startHour) || !Number.isInteger(endHour) || startHour! < 0 || endHour! > 24 || startHour! >= endHour!) {
    throw new UsageError(`--${option} must be START-END in whole local hours, e.g. 8-20`);
  }
  return { startHour: startHour!, endHour: endHour! };
}

/** `--working-hours 8-20 --weekday-hours sat=10-14,sun=closed`. */
function workingHours(options: Options): WorkingHours {
  const every = hoursFrom(options['working-hours'] ?? '8-20', 'working-hours');
  const weekdays = list(options['weekday-hours']).map((entry): [Weekday, DayHours | null] => {
    const [given, hours] = entry.split('=');
    const day = memberOf(WEEKDAYS, given);
    if (!day || !hours) {
      throw new UsageError(`--weekday-hours takes DAY=START-END or DAY=closed, DAY one of ${WEEKDAYS.join(', ')}: "${entry}"`);
    }
    return [day, hours === 'closed' ? null : hoursFrom(hours, 'weekday-hours')];
  });
  return weekdays.length > 0 ? { ...every, weekdays: Object.fromEntries(weekdays) } : every;
}

/** `--day-cutoff 1@18`: a window closes at 18:00 local the day before it. */
function dayCutoff(options: Options): RateCardConnector['dayCutoff'] {
  const given = options['day-cutoff'];
  if (given === undefined) return null;
  const match = /^(\d{1,2})@(\d{1,2})$/.exec(given);
  if (!match || Number(match[2]) > 23) throw new UsageError('--day-cutoff must be DAYS@HOUR, e.g. 1@18 for 18:00 the day before');
  return { daysBefore: Number(match[1]), atHour: Number(match[2]) };
}

function limit(options: Options, name: string): number | null {
  if (options[name] === undefined) return null;
  const value = amount(options, name, 0);
  if (value === 0) throw new UsageError(`--${name} must be above 0`);
  return value;
}

/** A rate card from the options; what they leave out takes the defaults. */
export function rateCardSettings(options: Options): RateCardConnector {
  const currency = options.currency ?? 'USD';
  if (!/^[A-Z]{3}$/.test(currency)) throw new UsageError('--currency must be a three-letter code');
  const timeZone = options['time-zone'] ?? DEFAULT_RATE_CARD.timeZone;
  if (!timeZoneSchema.safeParse(timeZone).success) throw new UsageError('--time-zone must be an IANA time zone, e.g. Europe/Paris');
  const blackoutDates = list(options['blackout-dates']);
  const badDate = blackoutDates.find((date) => !localDateSchema.safeParse(date).success);
  if (badDate) throw new UsageError(`--blackout-dates takes YYYY-MM-DD dates: "${badDate}"`);
  const d = DEFAULT_RATE_CARD;
  return {
    ...d,
    currency,
    baseFee: whole(options, 'base-fee', d.baseFee),
    perKgFee: whole(options, 'per-kg-fee', d.perKgFee),
    perPackageFee: whole(options, 'per-package-fee', d.perPackageFee),
    declaredValueBasisPoints: whole(options, 'declared-value-bp', d.declaredValueBasisPoints, 0, 10_000),
    timeZone,
    workingHours: workingHours(options),
    leadTimeMinutes: whole(options, 'lead-time-minutes', d.leadTimeMinutes),
    dayCutoff: dayCutoff(options),
    blackoutDates,
    windowMinutes: whole(options, 'window-minutes', d.windowMinutes, 15, 24 * 60),
    transitMinutes: whole(options, 'transit-minutes', d.transitMinutes),
    capacityPerWindow: whole(options, 'capacity-per-window', d.capacityPerWindow, 1),
    windowsOffered: whole(options, 'windows-offered', d.windowsOffered!, 1, MAX_WINDOWS_OFFERED),
    maxWeightKg: limit(options, 'max-weight-kg'),
    maxLengthCm: limit(options, 'max-length-cm'),
    quoteTtlMinutes: whole(options, 'quote-ttl-minutes', d.quoteTtlMinutes, 1, 7 * 24 * 60),
  };
}
