import { z } from 'zod';
import type { DoorDashQuoteInput } from './doordash-drive.client';

/** A stop as our services hold it (a task's way point party, a quote request's proto Party): any field may be absent. */
const partySchema = z.object({
  contact: z.object({ personName: z.string().nullish(), phoneNumber: z.string().nullish() }).nullish(),
  address: z
    .object({
      streetLines: z.array(z.string()).default([]),
      city: z.string().nullish(),
      stateOrProvinceCode: z.string().nullish(),
      postalCode: z.string().nullish(),
    })
    .nullish(),
});
type Party = z.infer<typeof partySchema>;

/** What DoorDash needs that a delivery lacks, in words the caller can act on. */
export class DoorDashInputError extends Error {}

/** One line, as DoorDash takes an address: "901 Market St, San Francisco, CA 94105". */
function addressLine(party: Party): string | null {
  const a = party.address;
  if (!a || a.streetLines.length === 0) return null;
  const region = [a.stateOrProvinceCode, a.postalCode].filter(Boolean).join(' ');
  return [...a.streetLines, a.city, region].filter(Boolean).join(', ');
}

/**
 * The fields of a quote or a delivery DoorDash is asked for (`DeliveryQuoteInput`,
 * `DeliveryRequest`): the one mapping of our stops onto DoorDash's. DoorDash requires the
 * drop-off address and phone number.
 */
export function doordashDeliveryInput(
  externalDeliveryId: string,
  stops: { pickup: unknown; dropoff: unknown },
  orderValue: number | null,
): DoorDashQuoteInput {
  const [pickup, dropoff] = [partySchema.safeParse(stops.pickup), partySchema.safeParse(stops.dropoff)].map((parsed) =>
    parsed.success ? parsed.data : {},
  ) as [Party, Party];
  const [pickupAddress, dropoffAddress] = [addressLine(pickup), addressLine(dropoff)];
  const dropoffPhone = dropoff.contact?.phoneNumber;
  const missing = [!dropoffAddress && 'the drop-off address', !dropoffPhone && "the recipient's phone number"].filter(Boolean);
  if (missing.length > 0) throw new DoorDashInputError(`DoorDash needs ${missing.join(' and ')}, which the request does not give`);
  return {
    external_delivery_id: externalDeliveryId,
    ...(pickupAddress && { pickup_address: pickupAddress }),
    ...(pickup.contact?.personName && { pickup_business_name: pickup.contact.personName }),
    ...(pickup.contact?.phoneNumber && { pickup_phone_number: pickup.contact.phoneNumber }),
    dropoff_address: dropoffAddress!,
    dropoff_phone_number: dropoffPhone!,
    ...(dropoff.contact?.personName && { dropoff_contact_given_name: dropoff.contact.personName }),
    ...(orderValue !== null && { order_value: Math.round(orderValue * 100) }),
  };
}
