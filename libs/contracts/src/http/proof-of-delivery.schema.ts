import { z } from 'zod';
import { DELIVERY_REQUIREMENTS, requirementKindsOf } from '../requirements/delivery-requirements';

/** What a driver left at a completed way point, as Get Order, the fleet API and webhooks show it. */
export const proofOfDeliveryViewSchema = z.object({
  recipient_name: z.string().nullable(),
  signature_url: z.string().nullable(),
  photo_url: z.string().nullable(),
  note: z.string().nullable(),
  /** Ours: the requirements this proof met, and the barcodes scanned. */
  verified: z.array(z.enum(DELIVERY_REQUIREMENTS)),
  barcodes: z.array(z.string()),
});
export type ProofOfDeliveryView = z.infer<typeof proofOfDeliveryViewSchema>;

/** The one mapping to that view, from the proto message or the event snapshot (absent fields read as null). */
export function toProofOfDeliveryView(
  proof:
    | {
        recipientName?: string | null;
        signatureUrl?: string | null;
        photoUrl?: string | null;
        note?: string | null;
        verified?: readonly string[] | null;
        barcodes?: readonly string[] | null;
      }
    | null
    | undefined,
): ProofOfDeliveryView | null {
  if (!proof) return null;
  return {
    recipient_name: proof.recipientName ?? null,
    signature_url: proof.signatureUrl ?? null,
    photo_url: proof.photoUrl ?? null,
    note: proof.note ?? null,
    verified: requirementKindsOf(proof.verified),
    barcodes: [...(proof.barcodes ?? [])],
  };
}
