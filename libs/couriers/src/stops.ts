import { z } from 'zod';

/** A stop as our services hold it (a task's way point party, a quote request's proto Party): any field may be absent. */
const partySchema = z.object({
  contact: z.object({ personName: z.string().nullish(), phoneNumber: z.string().nullish() }).nullish(),
  address: z
    .object({
      streetLines: z.array(z.string()).default([]),
      city: z.string().nullish(),
      stateOrProvinceCode: z.string().nullish(),
      postalCode: z.string().nullish(),
      countryCode: z.string().nullish(),
    })
    .nullish(),
});
export type Party = z.infer<typeof partySchema>;

/** The stop as a courier mapping reads it; a shape it cannot read is an empty stop, which the network's own checks then name. */
export function partyOf(stop: unknown): Party {
  const parsed = partySchema.safeParse(stop);
  return parsed.success ? parsed.data : {};
}

/** What a courier network needs that a delivery lacks, in words the caller can act on. */
export class CourierInputError extends Error {}

/** Refuses, naming them in our words, the stops' details a network requires and the delivery lacks. */
export function requireDetails(network: string, missing: (string | false)[]): void {
  const named = missing.filter(Boolean);
  if (named.length > 0) throw new CourierInputError(`${network} needs ${named.join(' and ')}, which the request does not give`);
}

/** One line, as DoorDash and Onfleet take an address: "901 Market St, San Francisco, CA 94105". */
export function oneLineAddress(party: Party): string | null {
  const a = party.address;
  if (!a || a.streetLines.length === 0) return null;
  const region = [a.stateOrProvinceCode, a.postalCode].filter(Boolean).join(' ');
  return [...a.streetLines, a.city, region].filter(Boolean).join(', ');
}
