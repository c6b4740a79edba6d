import bwipjs from 'bwip-js';

/**
 * A label's ZPL II drawn as SVG, one image per label (`^XA` … `^XZ`), for the console to
 * show what the printer will print. It reads the commands our labels use (shipping-label.ts
 * in order-lifecycle): `^PW`/`^LL` (size in dots), `^FO` (origin), `^A0N` (font height),
 * `^BY` and `^BCN` (Code 128, drawn by bwip-js, with its line of text under it when asked),
 * `^FH` (hex escapes) and `^FD`…`^FS` (the field); any other command is skipped.
 */
export function zplToSvg(zpl: string): string[] {
  return [...zpl.matchAll(/\^XA([\s\S]*?)\^XZ/g)].map((label) => drawLabel(label[1]!));
}

interface Pen {
  x: number;
  y: number;
  fontHeight: number;
  moduleWidth: number;
  barcode: { height: number; text: boolean } | null;
  hex: boolean;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const numbers = (args: string) => args.split(',').map((n) => Number.parseInt(n, 10));

function drawLabel(commands: string): string {
  let width = 812;
  let height = 1218;
  const pen: Pen = { x: 0, y: 0, fontHeight: 30, moduleWidth: 2, barcode: null, hex: false };
  const drawn: string[] = [];
  for (const command of commands.split('^').slice(1)) {
    const [code, args] = [command.slice(0, 2), command.slice(2).trim()];
    if (code === 'PW') width = numbers(args)[0] || width;
    else if (code === 'LL') height = numbers(args)[0] || height;
    else if (code === 'FO') [pen.x, pen.y] = numbers(args).map((n) => n || 0) as [number, number];
    else if (code === 'A0') pen.fontHeight = numbers(args.replace(/^N,?/, ''))[0] || pen.fontHeight;
    else if (code === 'BY') pen.moduleWidth = numbers(args)[0] || pen.moduleWidth;
    else if (code === 'BC') {
      const [, heightArg, text] = args.split(',');
      pen.barcode = { height: Number.parseInt(heightArg ?? '', 10) || 100, text: text !== 'N' };
    } else if (code === 'FH') pen.hex = true;
    else if (code === 'FD') drawn.push(drawField(command.slice(2), pen));
    else if (code === 'FS') [pen.barcode, pen.hex] = [null, false];
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width / 2}" height="${height / 2}" role="img">` +
    `<rect width="${width}" height="${height}" fill="#fff"/>${drawn.join('')}</svg>`
  );
}

function drawField(raw: string, pen: Pen): string {
  const data = pen.hex ? raw.replace(/_([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))) : raw;
  if (!pen.barcode) {
    return `<text x="${pen.x}" y="${pen.y + pen.fontHeight * 0.8}" font-family="sans-serif" font-size="${pen.fontHeight}">${escapeXml(data)}</text>`;
  }
  const bars = bwipjs.toSVG({ bcid: 'code128', text: data, height: 10, scaleX: 1, includetext: false });
  const modules = Number(/viewBox="0 0 (\d+)/.exec(bars)?.[1] ?? 0);
  const { height, text } = pen.barcode;
  const drawnBars = bars.replace(
    '<svg ',
    `<svg x="${pen.x}" y="${pen.y}" width="${modules * pen.moduleWidth}" height="${height}" preserveAspectRatio="none" `,
  );
  const caption = text
    ? `<text x="${pen.x + (modules * pen.moduleWidth) / 2}" y="${pen.y + height + 30}" text-anchor="middle" font-family="monospace" font-size="28">${escapeXml(data)}</text>`
    : '';
  return drawnBars + caption;
}
