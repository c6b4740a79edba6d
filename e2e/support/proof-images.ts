/** A JPEG as a phone's camera writes one: JFIF, then Exif saying where it was taken, then the picture. */
export function aJpegTakenAt(place: string): Buffer {
  const segment = (marker: number, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt16BE(0xff00 | marker, 0);
    head.writeUInt16BE(data.length + 2, 2);
    return Buffer.concat([head, data]);
  };
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from(`GPS ${place}`)])),
    segment(0xda, Buffer.from([1, 2, 3])),
    Buffer.from([9, 8, 7, 6]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A signature as a canvas exports one: PNG's signature, its header chunk and its end. */
export function aPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.alloc(13)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
