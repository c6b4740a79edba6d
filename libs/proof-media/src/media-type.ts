/** The media a proof may be: a photo (JPEG, as phones' canvases encode one) or a signature (PNG). */
export const PROOF_MEDIA_TYPES = ['image/jpeg', 'image/png'] as const;
export type ProofMediaType = (typeof PROOF_MEDIA_TYPES)[number];

export const EXTENSION_OF: Record<ProofMediaType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What the bytes are, by their magic numbers (JPEG's SOI marker and a segment after it; PNG's
 * signature and its IHDR chunk), whatever type a client claims; null for anything else.
 */
export function mediaTypeOf(bytes: Buffer): ProofMediaType | null {
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 16 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return 'image/png';
  }
  return null;
}
