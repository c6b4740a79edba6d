/**
 * The settings a fleet takes when its operator gives none: the admin CLI and the console API
 * apply them (libs/accounts), and the console's form starts from them.
 */
export const RATE_CARD_DEFAULTS = {
  kind: 'rate-card' as const,
  baseFee: 500,
  perKgFee: 50,
  perPackageFee: 100,
  declaredValueBasisPoints: 50,
  serviceLevelMultipliers: { EXPRESS: 1.5 } as Record<string, number>,
  priorityMultiplier: 1.3,
  timeZone: 'UTC',
  workingHours: { startHour: 8, endHour: 20 },
  leadTimeMinutes: 60,
  dayCutoff: null as { daysBefore: number; atHour: number } | null,
  blackoutDates: [] as string[],
  windowMinutes: 120,
  transitMinutes: 90,
  capacityPerWindow: 10,
  windowsOffered: 4,
  maxWeightKg: null as number | null,
  maxLengthCm: null as number | null,
  quoteTtlMinutes: 30,
};

/** A DoorDash fleet's settings when its operator gives none: DoorDash's own API, and a call's bound. */
export const DOORDASH_DEFAULTS = { baseUrl: 'https://openapi.doordash.com', timeoutMs: 3_000 } as const;

export const UBER_DIRECT_DEFAULTS = {
  baseUrl: 'https://api.uber.com',
  tokenUrl: 'https://auth.uber.com/oauth/v2/token',
  timeoutMs: 3_000,
} as const;

export const ONFLEET_DEFAULTS = { baseUrl: 'https://onfleet.com', timeoutMs: 3_000 } as const;
