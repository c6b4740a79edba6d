import { createHmac, timingSafeEqual } from 'node:crypto';
import { isMediaKey } from './media-key';

/**
 * How a stored proof is named in a task's proof of delivery (`photo_url`, `signature_url`):
 * `media:` and its key. Every surface that shows the proof turns it into a link that expires
 * (MediaLinks); a URL a fleet sent stays as it came.
 */
export const MEDIA_REF = 'media:';

/** The secrets key's derivation every gateway signs and checks media links with. */
export const MEDIA_LINK_KEY_PURPOSE = 'proof media link';

export const mediaRef = (key: string) => `${MEDIA_REF}${key}`;

/** The key a proof's URL names, when it is one of ours; null for any other URL. */
export function keyOfRef(url: string | null | undefined): string | null {
  if (!url?.startsWith(MEDIA_REF)) return null;
  const key = url.slice(MEDIA_REF.length);
  return isMediaKey(key) ? key : null;
}

/**
 * Signed links to stored proofs: `{base}/media/{key}?expires={unix s}&signature={hmac}`,
 * HMAC-SHA256 over the key and the expiry with a key derived from the secrets key (its first
 * signs; every one of the ring checks, so a rotation does not break links already given).
 * Whoever holds a link reads the proof until it expires: links are handed only to the task's
 * account (Get Order, webhooks) and recipient (the tracking page).
 */
export class MediaLinks {
  constructor(private readonly keys: readonly Buffer[]) {
    if (keys.length === 0) throw new Error('media links need a signing key');
  }

  private signature(key: string, expires: number, secret: Buffer) {
    return createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
  }

  /** The link to the proof under `key`, good until `expiresAt`. */
  link(baseUrl: string, key: string, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const path = key.split('/').map(encodeURIComponent).join('/');
    return `${baseUrl.replace(/\/$/, '')}/media/${path}?expires=${expires}&signature=${this.signature(key, expires, this.keys[0]!)}`;
  }

  /** The proof's URL as a caller reads it: ours signed for `ttlMs`, any other as it came. */
  shown(baseUrl: string, url: string | null, now: Date, ttlMs: number): string | null {
    const key = keyOfRef(url);
    return key ? this.link(baseUrl, key, new Date(now.getTime() + ttlMs)) : url;
  }

  /** Whether a link's expiry and signature are ours for this key and it has not expired. */
  valid(key: string, expires: number, signature: string, now: Date): boolean {
    if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
    const given = Buffer.from(signature);
    return this.keys.some((secret) => {
      const expected = Buffer.from(this.signature(key, expires, secret));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  }
}
