import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, devices, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { eventually, tempDataDir } from '@delivery/testing';
import { writeBarcodeVideo } from './support/barcode-video';
import { consoleSession } from './support/console-session';
import { aShipRequest } from './support/ship-request.fixture';
import { call, DEMO_CARRIER, DEMO_LEVEL, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const ROOT = join(__dirname, '..');
/** Where the README's screenshots of the app are written, when asked (`DRIVER_APP_SCREENSHOTS=docs/driver-app`). */
const SCREENSHOTS = process.env.DRIVER_APP_SCREENSHOTS;
const PHONE = devices['Pixel 7'];

/**
 * The driver app in Chromium as a phone (Pixel 7's viewport, touch and user agent), its
 * camera a fake one showing the packages' codes: sign in with the dispatcher's code, accept
 * an offered task, take it to the door, then lose the network and take the proof (the codes
 * scanned, the PIN, a photo, a signature), reload the app in the dead zone, and see every
 * step and upload sent once, in order, when the network returns.
 */
describe('Driver app: a phone from accept to signed proof, through a dead zone', () => {
  let harness: Harness;
  let browser: Browser;
  const dir = tempDataDir('driver-app-');
  const build = join(dir.path, 'driver-app');
  const video = join(dir.path, 'codes.y4m');
  let caller: string;
  let admin: Awaited<ReturnType<typeof consoleSession>>;

  beforeAll(async () => {
    // A build of its own: other suites' `console:build` replaces dist/driver-app meanwhile.
    execFileSync(process.execPath, ['--import', 'tsx', 'tools/driver-app/build.ts', '--out', build], { cwd: ROOT, stdio: 'ignore' });
    harness = await startHarness({ driverAppDir: build });
    caller = await tokenFor(harness);
    admin = await consoleSession(harness, 'admin');
    // The demo plan's drop-offs require the codes scanned, the recipient's PIN, a photo and a signature.
    const plan = (await harness.running.accounts.findServicePlan('demo', DEMO_CARRIER, DEMO_LEVEL))!;
    await harness.running.accounts.putServicePlan({
      ...plan,
      requirements: { kinds: ['barcode_scan', 'pin', 'photo', 'signature'], minimumAge: null },
    });
    // Its own fleet's drivers collect all of it (the app does), the PIN too.
    for (const fleet of await harness.running.accounts.listFleets('demo')) {
      if (fleet.carrierCodes.includes(DEMO_CARRIER)) await harness.running.accounts.putFleet({ ...fleet, capabilities: null });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await harness.stop();
    dir.remove();
  });

  const shoot = async (page: Page, name: string) => {
    if (!SCREENSHOTS) return;
    mkdirSync(join(ROOT, SCREENSHOTS), { recursive: true });
    // The phone's screen as the driver sees it (a full-page capture would draw the sticky header mid-page).
    await page.screenshot({ path: join(ROOT, SCREENSHOTS, `${name}.png`) });
  };

  /** An order for the demo fleet, its packages' tracking numbers and the PIN its recipient holds. */
  const anOrder = async () => {
    const created = await call(harness, 'POST', V1_ORDERS, { token: caller, json: aShipRequest() });
    expect({ status: created.status, body: created.status === 200 ? null : created.body }).toEqual({ status: 200, body: null });
    const taskId = created.body.completedShipments[0].task_id as string;
    const order = (await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token: caller })).body.completedShipments[0];
    // A note for the driver at the drop-off, as the platform leaves one.
    const notes = `/partner-integrations-service/v1/integrations/tasks/${taskId}/way_points/${order.way_points[1].id}/notes`;
    expect((await call(harness, 'POST', notes, { token: caller, json: { type: 0, note: 'Gate code 4521, ring twice' } })).status).toBe(201);
    return {
      taskId,
      fleetId: order.fleet.id as number,
      codes: (order.completedPackages as { trackingNumber: string }[]).map((p) => p.trackingNumber),
      pin: order.requirements.pin as string,
      recipient: order.way_points[1].contact.personName as string,
    };
  };

  /** A driver of the fleet, and the code their dispatcher reads out. */
  const aDriver = async (fleetId: number, phone: string) => {
    const added = await admin.as('POST', `/console/api/fleets/${fleetId}/drivers`, { json: { name: 'Ada Driver', phone } });
    const code = await admin.as('POST', `/console/api/fleets/${fleetId}/drivers/${added.body.driver.id}/sign-in-code`);
    return { phone, code: code.body.code as string };
  };

  const signIn = async (page: Page, driver: { phone: string; code: string }) => {
    await page.goto(`${harness.url}/driver/?account=demo`);
    await page.getByLabel('Your phone number').fill(driver.phone);
    await page.getByRole('button', { name: 'Send me a code' }).tap();
    await page.getByText('Ask your dispatcher for one').waitFor();
    await page.getByLabel('Sign-in code').fill(driver.code);
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await page.getByRole('heading', { name: 'Today' }).waitFor();
  };

  const tapThrough = async (page: Page, ...buttons: string[]) => {
    for (const name of buttons) await page.getByRole('button', { name, exact: true }).tap();
  };

  /** Draws a signature across the pad as a finger would. */
  const sign = async (page: Page) => {
    const pad = page.getByRole('img', { name: 'Sign here' });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? -30 : 30));
    await page.mouse.up();
  };

  it('signs in, accepts, drives to the door, takes the proof offline, and sends it all once when the network returns', async () => {
    const order = await anOrder();
    writeBarcodeVideo(video, order.codes);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    const context: BrowserContext = await browser.newContext({
      ...PHONE,
      permissions: ['camera', 'geolocation'],
      geolocation: { latitude: 40.1164, longitude: -88.2434 },
    });
    const page = await context.newPage();
    await signIn(page, await aDriver(order.fleetId, '+12175550301'));
    // The shell is kept for dead zones once the worker is in.
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');

    await page.getByRole('button', { name: order.recipient }).first().tap();
    await page
      .getByText('Offered')
      .or(page.getByRole('button', { name: 'Accept' }))
      .first()
      .waitFor();
    await page.getByText('Gate code 4521, ring twice').waitFor();
    await shoot(page, 'offered-task');
    // The navigation and call links a tap opens.
    expect(await page.getByRole('link', { name: 'Navigate' }).last().getAttribute('href')).toMatch(/^geo:0,0\?q=/);
    await tapThrough(page, 'Accept', 'Start to pick-up');
    // On duty, the phone's position goes with the task under way (the context's geolocation).
    await page.getByLabel('On duty').check();
    await eventually(async () => {
      const read = (await call(harness, 'GET', `${V1_ORDERS}/${order.taskId}`, { token: caller })).body.completedShipments[0];
      expect(read.driver.location).toMatchObject({ lat: 40.1164, lng: -88.2434 });
    }, 30_000);
    await page.getByLabel('On duty').uncheck();
    await tapThrough(page, 'Arrived at pick-up', 'Picked up', 'Start to drop-off');
    await page.getByRole('button', { name: 'Arrived at drop-off' }).waitFor();
    // The screen moves on as each tap is kept; the server follows as each is sent.
    const seen = await eventually(async () => {
      const read = (await call(harness, 'GET', `${V1_ORDERS}/${order.taskId}`, { token: caller })).body.completedShipments[0];
      expect(read.status).toBe('en_route_to_dropoff');
      return read;
    }, 30_000);
    expect(seen.driver.name).toBe('Ada Driver');

    // The dead zone: every step and upload waits on the phone.
    await context.setOffline(true);
    await tapThrough(page, 'Arrived at drop-off', 'Complete delivery');
    await page.getByRole('button', { name: 'Scan barcodes' }).tap();
    for (const code of order.codes) await page.getByText(`✓ ${code}`).waitFor({ timeout: 30_000 });
    await page.getByLabel('PIN the recipient gives (required)').fill(order.pin);
    await page.getByRole('button', { name: 'Open camera' }).tap();
    await page.getByRole('button', { name: 'Take photo' }).tap();
    await page.getByRole('img', { name: 'The photo taken' }).waitFor();
    await sign(page);
    await page.getByLabel('Received by').fill('Front desk');
    await shoot(page, 'proof');
    await page.getByRole('button', { name: 'Complete delivery' }).tap();
    await page.getByText('Offline · 4 waiting to send').waitFor();
    // Closed and opened again in the dead zone: the shell, the task and the queue are still there.
    await page.reload();
    await page.getByText('Offline · 4 waiting to send').waitFor();
    expect((await call(harness, 'GET', `${V1_ORDERS}/${order.taskId}`, { token: caller })).body.completedShipments[0].status).toBe(
      'en_route_to_dropoff',
    );

    await context.setOffline(false);
    await page.getByText('Online', { exact: true }).waitFor({ timeout: 30_000 });
    const delivered = await eventually(async () => {
      const read = (await call(harness, 'GET', `${V1_ORDERS}/${order.taskId}`, { token: caller })).body.completedShipments[0];
      expect(read.status).toBe('delivered');
      return read;
    }, 30_000);
    const proof = delivered.way_points[1].proof_of_delivery;
    expect(proof.recipient_name).toBe('Front desk');
    expect([...proof.verified].sort()).toEqual(['barcode_scan', 'photo', 'pin', 'signature']);
    expect([...proof.barcodes].sort()).toEqual([...order.codes].sort());
    for (const [url, type] of [
      [proof.photo_url, 'image/jpeg'],
      [proof.signature_url, 'image/png'],
    ]) {
      const served = await fetch(url);
      expect({ status: served.status, type: served.headers.get('content-type') }).toEqual({ status: 200, type });
    }
    // Sent once each: one photo and one signature kept for the task.
    const kept = readdirSync(join(harness.dataDir, 'proof-media', 'demo', order.taskId)).filter((name) => !name.endsWith('.type'));
    expect(kept.map((name) => name.split('-')[0]).sort()).toEqual(['photo', 'signature']);
    await context.close();
  }, 180_000);

  it('has no accessibility violations axe finds on its sign-in, list, task and proof screens, at a phone’s size', async () => {
    const order = await anOrder();
    browser ??= await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    // axe runs as a script in the page, which the page's own CSP would refuse.
    const context = await browser.newContext({ ...PHONE, bypassCSP: true });
    const page = await context.newPage();
    const check = async (name: string) => {
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect({ screen: name, violations: violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`) }).toEqual({
        screen: name,
        violations: [],
      });
    };
    await page.goto(`${harness.url}/driver/?account=demo`);
    await page.getByLabel('Your phone number').waitFor();
    await check('sign-in');
    await signIn(page, await aDriver(order.fleetId, '+12175550302'));
    await check('task list');
    await shoot(page, 'tasks');
    await page.getByRole('button', { name: order.recipient }).first().tap();
    await tapThrough(page, 'Accept', 'Start to pick-up', 'Arrived at pick-up', 'Picked up', 'Start to drop-off', 'Arrived at drop-off');
    await page.getByRole('button', { name: 'Complete delivery' }).waitFor();
    await check('task');
    await tapThrough(page, 'Complete delivery');
    await page.getByRole('form', { name: 'Proof of delivery' }).waitFor();
    await check('proof form');
    // Completed without the proof it requires: the server's words, shown on the task.
    await page.getByRole('button', { name: 'Complete delivery' }).tap();
    await page.getByText(/Not done: The drop-off of task .* cannot be completed without/).waitFor();
    await check('refused step');
    await context.close();
  }, 120_000);
});
