import { z } from 'zod';

/** A way point's contact and address as the APIs show them (Get Order, the fleet API): one definition, one mapping. */
export const contactViewSchema = z.object({
  personName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
});

export const addressViewSchema = z.object({
  streetLines: z.array(z.string()),
  city: z.string().nullable(),
  stateOrProvinceCode: z.string().nullable(),
  postalCode: z.string().nullable(),
  countryCode: z.string().nullable(),
});

export const partyViewSchema = z.object({ contact: contactViewSchema, address: addressViewSchema });
export type PartyView = z.infer<typeof partyViewSchema>;

interface PartyFields {
  contact?: { personName?: string | null; phoneNumber?: string | null; email?: string | null } | null;
  address?: {
    streetLines?: string[] | null;
    city?: string | null;
    stateOrProvinceCode?: string | null;
    postalCode?: string | null;
    countryCode?: string | null;
  } | null;
}

/** A party from its message (absent fields read as null). */
export const toPartyView = (party: PartyFields | null | undefined): PartyView => ({
  contact: {
    personName: party?.contact?.personName ?? null,
    phoneNumber: party?.contact?.phoneNumber ?? null,
    email: party?.contact?.email ?? null,
  },
  address: {
    streetLines: party?.address?.streetLines ?? [],
    city: party?.address?.city ?? null,
    stateOrProvinceCode: party?.address?.stateOrProvinceCode ?? null,
    postalCode: party?.address?.postalCode ?? null,
    countryCode: party?.address?.countryCode ?? null,
  },
});
