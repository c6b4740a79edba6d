import { writeFileSync } from 'node:fs';
import { BarcodeFormat, MultiFormatWriter } from '@zxing/library';

const [WIDTH, HEIGHT, FPS] = [640, 480, 10];

/**
 * A frame's luma: white, with `text` as a QR code in its middle (ZXing's own writer; its
 * library writes no 1D symbology, and labels carry QR codes as often).
 */
function frameWith(text: string): Buffer {
  const matrix = new MultiFormatWriter().encode(text, BarcodeFormat.QR_CODE, 320, 320, new Map());
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  const [left, top] = [Math.floor((WIDTH - matrix.getWidth()) / 2), Math.floor((HEIGHT - matrix.getHeight()) / 2)];
  for (let y = 0; y < matrix.getHeight(); y++) {
    for (let x = 0; x < matrix.getWidth(); x++) if (matrix.get(x, y)) luma[(top + y) * WIDTH + left + x] = 0;
  }
  return luma;
}

/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): Y4M, 4:2:0, a
 * second of each package's code in turn, looped by Chromium, so a scanner reading a few
 * frames a second sees every one.
 */
export function writeBarcodeVideo(path: string, codes: string[]): void {
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frames = codes.flatMap((code) => {
    const frame = Buffer.concat([Buffer.from('FRAME\n'), frameWith(code), chroma]);
    return Array.from({ length: FPS }, () => frame);
  });
  writeFileSync(path, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`), ...frames]));
}
