import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MapTiles } from '@delivery/contracts';

/** A 1×1 grey PNG: the browser stretches it over the 256-pixel tile. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface TileServer {
  tiles: MapTiles;
  /** The tiles asked for so far (`z/x/y`), and with which Referer: the map is drawn when the browser asks. */
  requests: { tile: string; referer: string | undefined }[];
  stop(): Promise<void>;
}

/** A map tile server on loopback, as an operator's MAP_TILE_URL would be, recording each tile asked for. */
export async function startTileServer(): Promise<TileServer> {
  const requests: TileServer['requests'] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const tile = /^\/(\d+\/\d+\/\d+)\.png$/.exec(req.url ?? '')?.[1];
    if (!tile) return void res.writeHead(404).end();
    requests.push({ tile, referer: req.headers.referer });
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': TILE.length }).end(TILE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    tiles: { tiles: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, attribution: 'Test tiles' },
    requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
