import fc from 'fast-check';
import { mediaTypeOf } from './media-type';
import { withoutLocation } from './without-location';

const segment = (marker: number, data: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};
const exif = (place: string) => segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from(`GPS ${place}`)]));
const xmp = (place: string) =>
  segment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0<exif:GPSLatitude>${place}</exif:GPSLatitude>`, 'latin1'));
const SOI = Buffer.from([0xff, 0xd8]);
const scan = (bytes: Uint8Array) => Buffer.concat([segment(0xda, Buffer.from([1, 2, 3])), Buffer.from(bytes), Buffer.from([0xff, 0xd9])]);

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, data, Buffer.alloc(4)]);
};
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A JPEG's segments before its scan: kept ones (JFIF, tables, a comment) and located ones (Exif, XMP). */
const jpegSegments = fc.array(
  fc.oneof(
    fc
      .uint8Array({ maxLength: 64 })
      .map((data) => ({ kept: true, bytes: segment(0xe0, Buffer.concat([Buffer.from('JFIF\0'), Buffer.from(data)])) })),
    fc.uint8Array({ maxLength: 64 }).map((data) => ({ kept: true, bytes: segment(0xdb, Buffer.from(data)) })),
    fc.string({ maxLength: 40 }).map((text) => ({ kept: true, bytes: segment(0xfe, Buffer.from(text)) })),
    fc.string({ maxLength: 20 }).map((place) => ({ kept: false, bytes: exif(place) })),
    fc.string({ maxLength: 20 }).map((place) => ({ kept: false, bytes: xmp(place) })),
  ),
  { maxLength: 8 },
);

describe('withoutLocation', () => {
  it("takes a JPEG's Exif and XMP out and keeps every other segment and the picture byte for byte", () => {
    fc.assert(
      fc.property(jpegSegments, fc.uint8Array({ maxLength: 256 }), (segments, picture) => {
        const jpeg = Buffer.concat([SOI, ...segments.map((s) => s.bytes), scan(picture)]);
        const stripped = withoutLocation(jpeg, 'image/jpeg')!;
        const expected = Buffer.concat([SOI, ...segments.filter((s) => s.kept).map((s) => s.bytes), scan(picture)]);
        expect(stripped.equals(expected)).toBe(true);
        expect(mediaTypeOf(stripped) ?? 'image/jpeg').toBe('image/jpeg');
        // Once is enough: stripping again changes nothing.
        expect(withoutLocation(stripped, 'image/jpeg')!.equals(stripped)).toBe(true);
      }),
    );
  });

  it("takes a PNG's eXIf and text chunks out and keeps the image's own", () => {
    const kinds = fc.constantFrom('IDAT', 'PLTE', 'tEXt', 'iTXt', 'zTXt', 'eXIf', 'gAMA');
    fc.assert(
      fc.property(fc.array(fc.tuple(kinds, fc.uint8Array({ maxLength: 64 })), { maxLength: 8 }), (chunks) => {
        const ihdr = chunk('IHDR', Buffer.alloc(13));
        const body = chunks.map(([type, data]) => ({ type, bytes: chunk(type, Buffer.from(data)) }));
        const png = Buffer.concat([PNG, ihdr, ...body.map((c) => c.bytes), chunk('IEND', Buffer.alloc(0))]);
        const kept = body.filter((c) => !['tEXt', 'iTXt', 'zTXt', 'eXIf'].includes(c.type)).map((c) => c.bytes);
        expect(withoutLocation(png, 'image/png')!.equals(Buffer.concat([PNG, ihdr, ...kept, chunk('IEND', Buffer.alloc(0))]))).toBe(true);
      }),
    );
  });

  it('refuses, never half-reads, bytes that do not hold together as the type says, whatever they are', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), fc.constantFrom('image/jpeg' as const, 'image/png' as const), (bytes, type) => {
        const stripped = withoutLocation(Buffer.from(bytes), type);
        expect(stripped === null || stripped.length <= bytes.length).toBe(true);
      }),
    );
    const truncated = Buffer.concat([SOI, exif('Paris')]).subarray(0, 10);
    expect(withoutLocation(truncated, 'image/jpeg')).toBeNull();
    expect(withoutLocation(Buffer.concat([PNG, chunk('IHDR', Buffer.alloc(13))]), 'image/png')).toBeNull();
  });
});

describe('mediaTypeOf', () => {
  it('tells a JPEG and a PNG by their magic numbers, whatever else a file claims to be', () => {
    expect(mediaTypeOf(Buffer.concat([SOI, segment(0xe0, Buffer.from('JFIF\0'))]))).toBe('image/jpeg');
    expect(mediaTypeOf(Buffer.concat([PNG, chunk('IHDR', Buffer.alloc(13))]))).toBe('image/png');
    expect(mediaTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(mediaTypeOf(Buffer.from('GIF89a'))).toBeNull();
    expect(mediaTypeOf(Buffer.alloc(0))).toBeNull();
  });
});
