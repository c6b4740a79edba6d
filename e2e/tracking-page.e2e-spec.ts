import { chromium, type Browser } from 'playwright-core';
import { createClientApp } from '@delivery/accounts';
import { aShipRequest } from './support/ship-request.fixture';
import { call, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';
import { consoleSession } from './support/console-session';
import { buildConsolePage } from './support/console-build';
import { startTileServer, type TileServer } from './support/tile-server';

/** The recipient's tracking page, opened by its unguessable link in a real browser (Debian's Chromium). */
describe('the tracking page (/track/{token})', () => {
  let harness: Harness;
  let browser: Browser;
  let caller: string;
  let fleet: string;
  let tiles: TileServer;

  beforeAll(async () => {
    // The map's script is the console build's.
    buildConsolePage();
    tiles = await startTileServer();
    // Its tests post from one address more often than a recipient would: the per-address limit on instructions is lifted.
    harness = await startHarness({ mapTiles: tiles.tiles, rateLimits: { instructionsPerAddressPerMinute: 1_000 } });
    caller = await tokenFor(harness);
    const { app, clientSecret } = await createClientApp(
      { accountId: 'demo', name: 'tracking-fleet', fleetId: 1 },
      { accounts: harness.running.accounts, clock: harness.clock },
    );
    fleet = await tokenFor(harness, { clientId: app.clientId, clientSecret });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser.close();
    await harness.stop();
    await tiles.stop();
  });

  /** An order; `placed`, with its drop-off's coordinates as the platform sends them (text). */
  const createOrder = async (placed?: { Latitude: string; Longitude: string }) => {
    const json = aShipRequest();
    Object.assign(json.shipRequest.shipment.recipient.address, placed);
    const { body } = await call(harness, 'POST', V1_ORDERS, { token: caller, json });
    const taskId = body.completedShipments[0].task_id as string;
    const { completedShipments } = (await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token: caller })).body;
    return { taskId, trackingUrl: completedShipments[0].tracking_url as string, dropoff: completedShipments[0].way_points[1].id as string };
  };

  it('shows the status, the ETA and the driver first name, and nothing else of the order', async () => {
    const order = await createOrder();
    expect(order.trackingUrl).toMatch(new RegExp(`^${harness.url}/track/[A-Za-z0-9_-]{22}$`));
    const page = await browser.newPage();
    const first = await page.goto(order.trackingUrl);
    expect(first!.status()).toBe(200);
    expect(await page.textContent('h1')).toBe('Finding a driver for your delivery');
    expect(await page.locator('dt').allTextContents()).toEqual(['Delivery window', 'Updated']);
    expect(await page.locator('dd').first().textContent()).toBe('by 23 Nov, 18:00 UTC');

    await call(harness, 'PUT', `/fleet/v1/tasks/${order.taskId}/driver`, {
      token: fleet,
      json: { name: 'Grace Brewster Hopper', phone: '+15550123' },
    });
    await call(harness, 'POST', `/fleet/v1/tasks/${order.taskId}/start`, { token: fleet });
    await call(harness, 'POST', `/fleet/v1/tasks/${order.taskId}/location`, {
      token: fleet,
      json: { location: { lat: 39.78, lng: -89.65 }, etas: [{ way_point_id: order.dropoff, eta: '2026-11-22T10:45:00Z' }] },
    });
    await page.reload();
    expect(await page.textContent('h1')).toBe('Your driver is on the way to pick up your parcel');
    expect(await page.locator('dt').allTextContents()).toEqual(['Expected', 'Delivery window', 'Driver', 'Updated']);
    // The page's clock is the harness's, 09:00 UTC: the ETA is also said in words.
    expect(await page.locator('dd').allTextContents()).toEqual([
      '22 Nov, 10:45 UTC (in about 2 hours)',
      'by 23 Nov, 18:00 UTC',
      'Grace',
      expect.stringMatching(/UTC$/),
    ]);
    expect(await page.locator('ol li').allTextContents()).toEqual([
      expect.stringMatching(/UTC Order received$/),
      expect.stringMatching(/UTC Driver assigned$/),
      expect.stringMatching(/UTC Driver on the way$/),
    ]);
    expect(await page.getAttribute('time', 'datetime')).toBe('2026-11-22T10:45:00.000Z');

    const text = (await page.textContent('body'))!;
    for (const secret of ['Hopper', '+15550123', 'Ada', 'Elm St', order.taskId, 'ORD-', 'FUL-', 'USD', 'Springfield']) {
      expect({ secret, shown: text.includes(secret) }).toEqual({ secret, shown: false });
    }
    await page.close();
  });

  it("once delivered, shows who took the parcel and links its photo, in the times of the fleet's zone", async () => {
    const fleetOne = (await harness.running.accounts.listFleets('demo')).find((f) => f.id === 1)!;
    await harness.running.accounts.putFleet({
      ...fleetOne,
      connector: { ...fleetOne.connector, timeZone: 'America/Chicago' } as typeof fleetOne.connector,
    });
    const order = await createOrder();
    const { body } = await call(harness, 'GET', `${V1_ORDERS}/${order.taskId}`, { token: caller });
    const pickup = body.completedShipments[0].way_points[0].id as string;
    const report = (path: string, json?: unknown) =>
      call(harness, 'POST', `/fleet/v1/tasks/${order.taskId}/${path}`, { token: fleet, json });
    await call(harness, 'PUT', `/fleet/v1/tasks/${order.taskId}/driver`, { token: fleet, json: { name: 'Grace Hopper' } });
    await report(`way_points/${pickup}/complete`);
    await report(`way_points/${order.dropoff}/complete`, {
      proof_of_delivery: { recipient_name: 'A. Lovelace', photo_url: 'https://pod.example/parcel.jpg' },
    });
    const page = await browser.newPage();
    await page.goto(order.trackingUrl);
    expect(await page.textContent('h1')).toBe('Your parcel has been delivered');
    expect(await page.locator('dt').allTextContents()).toEqual(['Driver', 'Proof of delivery', 'Updated']);
    expect(await page.locator('dd').nth(1).textContent()).toBe('received by A. Lovelace, photo');
    expect(await page.getAttribute('dd a', 'href')).toBe('https://pod.example/parcel.jpg');
    // 09:00 UTC on 22 November is 03:00 in Chicago (UTC-6 in winter).
    expect(await page.locator('dd').nth(2).textContent()).toBe('22 Nov, 03:00 GMT-6');
    expect(await page.locator('ol li').last().textContent()).toMatch(/GMT-6 Delivered$/);

    // The recipient rates it, once; the console's delivery page shows the rating.
    await page.getByLabel('4').check();
    await page.getByLabel('A comment (optional)').fill('Friendly driver,\n on time');
    await page.getByRole('button', { name: 'Send my rating' }).click();
    await page.getByText('Thank you for your rating.').waitFor();
    expect(await page.getByText('You rated this delivery 4 of 5.').count()).toBe(1);
    expect(await page.locator('form').count()).toBe(0);
    const again = await fetch(order.trackingUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'stars=1',
    });
    expect(await again.text()).toContain('This delivery takes no rating now.');
    const viewer = await consoleSession(harness, 'viewer');
    expect((await viewer.as('GET', `/console/api/deliveries/${order.taskId}`)).body.rating).toEqual({
      stars: 4,
      comment: 'Friendly driver, on time',
      at: expect.any(String),
    });
    await page.close();
    await harness.running.accounts.putFleet(fleetOne);
  });

  it("shows the driver's last position and the drop-off on the operator's tiles from the pickup to the door, and only then", async () => {
    const order = await createOrder({ Latitude: '39.7990', Longitude: '-89.6440' });
    const report = (path: string, json?: unknown) =>
      call(harness, 'POST', `/fleet/v1/tasks/${order.taskId}/${path}`, { token: fleet, json });
    await call(harness, 'PUT', `/fleet/v1/tasks/${order.taskId}/driver`, { token: fleet, json: { name: 'Sam Driver' } });
    await report('start');
    await report('location', { location: { lat: 39.78, lng: -89.65 } });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(order.trackingUrl);
    // On the way to the pickup, the driver's position is not the recipient's to see.
    expect(await page.locator('#delivery-map').count()).toBe(0);

    const { body } = await call(harness, 'GET', `${V1_ORDERS}/${order.taskId}`, { token: caller });
    await report(`way_points/${body.completedShipments[0].way_points[0].id as string}/complete`);
    await report('location', { location: { lat: 39.7901, lng: -89.6502 } });
    const seen = tiles.requests.length;
    const response = await page.goto(order.trackingUrl);
    expect(response!.headers()['content-security-policy']).toMatch(/script-src 'self'; img-src 'self' https: http:\/\/127\.0\.0\.1:\d+;/);
    const map = page.locator('#delivery-map');
    await map.locator('.leaflet-tile-loaded').first().waitFor();
    expect(await map.isVisible()).toBe(true);
    // Two points: the driver and the drop-off (circles drawn, no image fetched but the tiles).
    expect(await map.locator('path.leaflet-interactive').count()).toBe(2);
    expect(await map.textContent()).toContain('Test tiles');
    expect(tiles.requests.length).toBeGreaterThan(seen);
    // The tile server learns nothing of the link: no referrer goes with a tile.
    expect(tiles.requests.every((r) => r.referer === undefined)).toBe(true);
    expect(await page.locator('dt').allTextContents()).toContain("Driver's position");
    expect(await page.getAttribute('#delivery-map', 'data-map')).not.toMatch(/Sam|Driver|Elm/);

    // Without script the page says the same in words, and shows no empty box.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const words = await plain.newPage();
    await words.goto(order.trackingUrl);
    expect(await words.locator('#delivery-map').isVisible()).toBe(false);
    expect(await words.locator('dd').allTextContents()).toContain('updated just now');
    await plain.close();

    // Delivered: no map any more, and the proof photo shown (https only) as well as linked.
    await report(`way_points/${order.dropoff}/complete`, { proof_of_delivery: { photo_url: 'https://pod.example/parcel.jpg' } });
    await page.goto(order.trackingUrl);
    expect(await page.locator('#delivery-map').count()).toBe(0);
    expect(await page.getAttribute('img.proof', 'src')).toBe('https://pod.example/parcel.jpg');
    await page.close();
  });

  it('shows a driver name as text, never as markup, and runs no script', async () => {
    const order = await createOrder();
    await call(harness, 'PUT', `/fleet/v1/tasks/${order.taskId}/driver`, {
      token: fleet,
      json: { name: '<img/src=x/onerror=alert(1)> Smith' },
    });
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await page.goto(order.trackingUrl);
    expect(response!.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('dd').nth(1).textContent()).toBe('<img/src=x/onerror=alert(1)>');
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('takes the recipient’s instructions for the driver as a note on the drop-off until the pickup, then no more', async () => {
    const order = await createOrder();
    const page = await browser.newPage();
    await page.goto(order.trackingUrl);
    await page
      .getByLabel('Instructions for your driver (gate code, where to leave it)')
      .fill('Gate code 4521,\n  leave it at the back door');
    await page.getByRole('button', { name: 'Send to the driver' }).click();
    await page.getByText('Thank you: your driver will see your instructions.').waitFor();
    const notes = `/partner-integrations-service/v1/integrations/tasks/${order.taskId}/way_points/${order.dropoff}/notes`;
    const { body } = await call(harness, 'GET', notes, { token: caller });
    expect(body.notes.map((n: { note: string }) => n.note)).toEqual(['From the recipient: Gate code 4521, leave it at the back door']);

    // Once the parcel is picked up, the form is gone and a late post adds nothing.
    await call(harness, 'PUT', `/fleet/v1/tasks/${order.taskId}/driver`, { token: fleet, json: { name: 'Sam Driver' } });
    await call(harness, 'POST', `/fleet/v1/tasks/${order.taskId}/start`, { token: fleet });
    const pickup = (await call(harness, 'GET', `${V1_ORDERS}/${order.taskId}`, { token: caller })).body.completedShipments[0].way_points[0]
      .id;
    await call(harness, 'POST', `/fleet/v1/tasks/${order.taskId}/way_points/${pickup}/arrive`, { token: fleet });
    await call(harness, 'POST', `/fleet/v1/tasks/${order.taskId}/way_points/${pickup}/complete`, { token: fleet, json: {} });
    await page.goto(order.trackingUrl);
    expect(await page.locator('form').count()).toBe(0);
    const late = await fetch(order.trackingUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'instructions=too+late',
    });
    expect(await late.text()).toContain('on its way already');
    expect((await call(harness, 'GET', notes, { token: caller })).body.notes).toHaveLength(1);
    await page.close();
  });

  it('keeps at most five instructions a task, whoever holds the link and however fast they post (issue 49)', async () => {
    const order = await createOrder();
    const post = (text: string) =>
      fetch(order.trackingUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ instructions: text }).toString(),
      }).then((answer) => answer.text());
    const pages = [];
    for (let i = 0; i < 8; i += 1) pages.push(await post(`note ${i} ${'x'.repeat(600)}`));
    expect(pages.filter((page) => page.includes('your driver will see your instructions')).length).toBe(5);
    expect(pages.at(-1)).toContain('Your driver has your instructions already (at most 5)');
    const notes = `/partner-integrations-service/v1/integrations/tasks/${order.taskId}/way_points/${order.dropoff}/notes`;
    const kept = (await call(harness, 'GET', notes, { token: caller })).body.notes.map((n: { note: string }) => n.note);
    expect(kept).toHaveLength(5);
    // Each capped at 500 characters: Get Order grows by a bounded amount whatever a link's holder sends.
    for (const note of kept) expect(note.length).toBeLessThanOrEqual('From the recipient: '.length + 500);
  });

  it('answers a link of no delivery with a 404 page, the same for a wrong token as for a malformed one', async () => {
    const page = await browser.newPage();
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-a-token', '%3Cscript%3E']) {
      const response = await page.goto(`${harness.url}/track/${token}`);
      expect(response!.status()).toBe(404);
      expect(await page.textContent('h1')).toBe('We could not find this delivery');
    }
    await page.close();
  });
});
