import { z } from 'zod';

/** Days of the week as fleets' hours name them, in `Date.getUTCDay()` order. */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A rate card offers at most this many pickup windows per request. */
export const MAX_WINDOWS_OFFERED = 24;

const hour = (min: number, max: number) => z.number().int().min(min).max(max);

function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().max(64).refine(knownTimeZone, 'time_zone must be an IANA time zone, e.g. Europe/Paris');

/** A calendar date, `YYYY-MM-DD`, that exists. */
export const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD')
  .refine((date) => new Date(`${date}T00:00:00Z`).toISOString().startsWith(date), 'no such date');

const dayHours = z.object({ start_hour: hour(0, 23), end_hour: hour(1, 24) });
const ordered = (hours: z.infer<typeof dayHours>) => hours.end_hour > hours.start_hour;
export const dayHoursSchema = dayHours.refine(ordered, 'end_hour must be after start_hour');

/** Every day's hours, and a weekday's own (null: closed) where it differs, in the fleet's local whole hours. */
export const workingHoursSchema = dayHours
  .extend({
    weekdays: z
      .object(
        Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema.nullable().optional()])) as Record<
          Weekday,
          z.ZodOptional<z.ZodNullable<typeof dayHoursSchema>>
        >,
      )
      .optional(),
  })
  .refine(ordered, 'working_hours.end_hour must be after start_hour');
