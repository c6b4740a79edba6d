import type { ProofMediaType } from './media-type';

const EXIF = Buffer.from('Exif\0\0', 'latin1');
const XMP = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
/** PNG's textual and EXIF chunks: where a camera or an editor would write a place. */
const PNG_METADATA = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt']);

/**
 * The image without the metadata that can say where it was taken: a JPEG's Exif and XMP
 * segments (APP1), a PNG's eXIf and text chunks; the picture itself byte for byte. Null when
 * the bytes do not hold together as the type says (a truncated or forged file), so nothing
 * half-read is ever stored.
 */
export function withoutLocation(bytes: Buffer, type: ProofMediaType): Buffer | null {
  return type === 'image/jpeg' ? jpegWithout(bytes) : pngWithout(bytes);
}

function jpegWithout(bytes: Buffer): Buffer | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  for (;;) {
    if (at + 4 > bytes.length || bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Start of scan: the entropy-coded picture follows, to the end, kept as it is.
    if (marker === 0xda) {
      kept.push(bytes.subarray(at));
      return Buffer.concat(kept);
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return null;
    const data = bytes.subarray(at + 4, at + 2 + length);
    const located = marker === 0xe1 && (startsWith(data, EXIF) || startsWith(data, XMP));
    if (!located) kept.push(bytes.subarray(at, at + 2 + length));
    at += 2 + length;
  }
}

function pngWithout(bytes: Buffer): Buffer | null {
  if (bytes.length < 8) return null;
  const kept: Buffer[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) return null;
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!PNG_METADATA.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') return Buffer.concat(kept);
  }
  return null;
}

const startsWith = (data: Buffer, prefix: Buffer) => data.length >= prefix.length && data.subarray(0, prefix.length).equals(prefix);
