import { z } from 'zod';
import { memberOf } from '../member-of';

/**
 * What a delivery may require at its drop-off (docs/decisions.md, "Delivery requirements"),
 * and equally what a fleet declares it can collect. A minimum age comes with its years.
 */
export const DELIVERY_REQUIREMENTS = ['signature', 'photo', 'pin', 'minimum_age', 'id_check', 'barcode_scan'] as const;
export type DeliveryRequirement = (typeof DELIVERY_REQUIREMENTS)[number];

/** Requirement names read back from a message or a stored proof; a name a newer writer knows and we do not is dropped. */
export const requirementKindsOf = (names: readonly string[] | null | undefined): DeliveryRequirement[] =>
  (names ?? []).map((name) => memberOf(DELIVERY_REQUIREMENTS, name)).filter((kind): kind is DeliveryRequirement => kind !== null);

export const MINIMUM_AGE = { min: 1, max: 99 } as const;

export const deliveryRequirementsSchema = z.object({
  kinds: z.array(z.enum(DELIVERY_REQUIREMENTS)),
  /** Set exactly when `kinds` holds `minimum_age`. */
  minimumAge: z.number().int().min(MINIMUM_AGE.min).max(MINIMUM_AGE.max).nullable(),
});
export type DeliveryRequirements = z.infer<typeof deliveryRequirementsSchema>;

export const NO_REQUIREMENTS: DeliveryRequirements = { kinds: [], minimumAge: null };

/**
 * The one normal form of a set of requirements: its kinds in the list's order, `minimum_age`
 * among them exactly when its years are given, so every surface shows a set alike.
 */
export const requirementsOf = (kinds: readonly DeliveryRequirement[], minimumAge: number | null): DeliveryRequirements => ({
  kinds: DELIVERY_REQUIREMENTS.filter((kind) => (kind === 'minimum_age' ? minimumAge !== null : kinds.includes(kind))),
  minimumAge,
});

/** How each requirement is said to people (quote errors, refusals, the console). */
export const REQUIREMENT_WORDS: Record<DeliveryRequirement, string> = {
  signature: "the recipient's signature",
  photo: 'a photo of the delivered parcel',
  pin: "the recipient's PIN",
  minimum_age: "a check of the recipient's age",
  id_check: "a check of the recipient's ID",
  barcode_scan: "a scan of every package's barcode",
};

/** Every requirement of all the sets, in the list's order; the highest minimum age. */
export function mergeRequirements(...sets: (DeliveryRequirements | null | undefined)[]): DeliveryRequirements {
  const given = sets.filter((set): set is DeliveryRequirements => set != null);
  const kinds = DELIVERY_REQUIREMENTS.filter((kind) => given.some((set) => set.kinds.includes(kind)));
  const ages = given.map((set) => set.minimumAge).filter((age): age is number => age != null);
  return requirementsOf(kinds, kinds.includes('minimum_age') && ages.length > 0 ? Math.max(...ages) : null);
}

/** The requirements a fleet able to collect `capabilities` cannot meet, in words; empty when it meets them all. */
export function unmetRequirements(
  required: DeliveryRequirements | null | undefined,
  capabilities: readonly DeliveryRequirement[],
): string[] {
  return (required?.kinds ?? []).filter((kind) => !capabilities.includes(kind)).map((kind) => REQUIREMENT_WORDS[kind]);
}

/** A drop-off's requirements as the APIs show them (Get Order, the fleet API, webhooks). */
export const requirementsViewSchema = z.object({
  kinds: z.array(z.enum(DELIVERY_REQUIREMENTS)),
  minimum_age: z.number().int().nullable(),
});
export type RequirementsView = z.infer<typeof requirementsViewSchema>;

export const toRequirementsView = (requirements: DeliveryRequirements | null | undefined): RequirementsView => ({
  kinds: requirements?.kinds ?? [],
  minimum_age: requirements?.minimumAge ?? null,
});

/** Requirements as a caller sets them (the console): a minimum age with its years, in `minimum_age`. */
export const requirementsRequestSchema = z.object({
  kinds: z
    .array(z.enum(DELIVERY_REQUIREMENTS, { error: `kinds take ${DELIVERY_REQUIREMENTS.join(', ')}` }))
    .max(DELIVERY_REQUIREMENTS.length),
  minimum_age: z.number().int().min(MINIMUM_AGE.min).max(MINIMUM_AGE.max).nullable().default(null),
});

/** The one mapping back from the view: the years decide whether `minimum_age` is among the kinds. */
export const fromRequirementsView = (view: z.infer<typeof requirementsRequestSchema>): DeliveryRequirements =>
  requirementsOf(view.kinds, view.minimum_age);
