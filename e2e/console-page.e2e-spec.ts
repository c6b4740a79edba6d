import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { accountSettings, createClientApp, DEFAULT_NOTIFICATION_SETTINGS, type UserRole } from '@delivery/accounts';
import { STRICT_OUTBOUND_POLICY } from '@delivery/outbound';
import { aTwilioAccount, eventually, startTwilioFake, startWebhookReceiver, type WebhookReceiver } from '@delivery/testing';
import { buildConsolePage } from './support/console-build';
import { aConsoleUser, CONSOLE_PASSWORD } from './support/console-session';
import { aShipRequest } from './support/ship-request.fixture';
import { startTileServer, type TileServer } from './support/tile-server';
import { call, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

const ROOT = join(__dirname, '..');
/** `CONSOLE_SCREENSHOTS=docs/console npx jest console-page` refreshes the README's screenshots. */
const SCREENSHOTS = process.env.CONSOLE_SCREENSHOTS;

// A browser beside the system and the other suites on two cores: a page's steps wait on what
// the page shows, and each test may take longer than the default bound to get there.
jest.setTimeout(90_000);

/** The account settings console in a real browser (Debian's Chromium), against the whole system. */
describe('the account settings console (/console)', () => {
  let harness: Harness;
  let browser: Browser;
  const receivers: WebhookReceiver[] = [];
  let tiles: TileServer;

  beforeAll(async () => {
    buildConsolePage();
    tiles = await startTileServer();
    harness = await startHarness({
      mapTiles: tiles.tiles,
      // A change to what recipients are told reaches the next message at once.
      notifications: { settingsCacheMs: 0, pollIntervalMs: 50 },
      webhooks: {
        retryPolicy: { delaysMs: [100], jitter: 0 },
        urlPolicy: { allowHttp: true, allowPrivateNetworks: true },
        pollIntervalMs: 50,
        endpointCacheMs: 0,
      },
    });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.stop()));
    await browser?.close();
    await harness?.stop();
    await tiles?.stop();
  });

  /** An order whose pickup and drop-off the platform placed (coordinates as text, as its records give them). */
  const aPlacedOrder = () => {
    const json = aShipRequest();
    Object.assign(json.shipRequest.shipment.shipper.address, { Latitude: '39.7817', Longitude: '-89.6501' });
    Object.assign(json.shipRequest.shipment.recipient.address, { Latitude: '39.7990', Longitude: '-89.6440' });
    return json;
  };

  /** Signs in through the form, with the keyboard only. */
  async function signedIn(role: UserRole = 'owner'): Promise<Page> {
    const user = await aConsoleUser(harness, role);
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${harness.url}/console`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(CONSOLE_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Deliveries', exact: true }).waitFor();
    return page;
  }

  const shoot = async (page: Page, name: string) => {
    if (!SCREENSHOTS) return;
    mkdirSync(join(ROOT, SCREENSHOTS), { recursive: true });
    await page.screenshot({ path: join(ROOT, SCREENSHOTS, `${name}.png`), fullPage: true });
  };

  it('refuses a wrong password in plain words, with the page’s strict CSP', async () => {
    const user = await aConsoleUser(harness, 'admin');
    const page = await browser.newPage();
    const answer = await page.goto(`${harness.url}/console`);
    expect(answer!.headers()['content-security-policy']).toContain("script-src 'self'");
    await shoot(page, 'sign-in');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('The email or the password is wrong');
    await page.close();
  });

  it('adds an app and shows its secret once; the secret gets a token; regenerating stops the old one', async () => {
    const page = await signedIn('owner');
    await page.getByRole('link', { name: 'API apps' }).click();
    await page.getByLabel('App name').fill('Store OMS');
    await page.getByRole('button', { name: 'Add app' }).click();
    await page.getByText('you will not see it again').waitFor();
    const clientId = (await page.getByTestId('Client ID').textContent())!;
    const secret = (await page.getByTestId('Client Secret Key').textContent())!;
    await shoot(page, 'apps-secret-once');
    await expect(tokenFor(harness, { clientId, clientSecret: secret })).resolves.toEqual(expect.any(String));

    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.reload();
    await page.getByRole('cell', { name: clientId, exact: true }).first().waitFor();
    expect(await page.content()).not.toContain(secret);

    await page.getByRole('button', { name: 'Regenerate secret of Store OMS' }).click();
    await page.getByText('you will not see it again').waitFor();
    const newSecret = (await page.getByTestId('Client Secret Key').textContent())!;
    expect(newSecret).not.toBe(secret);
    await expect(tokenFor(harness, { clientId, clientSecret: secret })).rejects.toThrow(/401/);
    await expect(tokenFor(harness, { clientId, clientSecret: newSecret })).resolves.toEqual(expect.any(String));

    // The refused token request is not an API call; one Get Order with the new secret's token is.
    await call(harness, 'GET', `${V1_ORDERS}/tsk_000000000000000000000000`, {
      token: await tokenFor(harness, { clientId, clientSecret: newSecret }),
    });
    const usageRow = page.locator('tr', { hasText: clientId }).filter({ has: page.locator('td', { hasText: /^1$/ }) });
    await usageRow.first().waitFor({ timeout: 15_000 });
    await shoot(page, 'apps');
    await page.close();
  });

  it('adds a webhook endpoint, shows the webhooks of an order created through the API with each try, and replays a failed one', async () => {
    let healthy = false;
    const receiver = await startWebhookReceiver(() => ({ status: healthy ? 204 : 503 }));
    receivers.push(receiver);
    const page = await signedIn('admin');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('order.created').check();
    await page.getByLabel('Credentials our webhooks carry').selectOption('bearer');
    await page.getByLabel('Token').fill('oms-token');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByTestId('Signing secret').waitFor();
    expect(await page.getByTestId('Signing secret').textContent()).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    const created = await call(harness, 'POST', V1_ORDERS, { token: await tokenFor(harness), json: aShipRequest() });
    const taskId = created.body.completedShipments[0].task_id as string;
    await page.getByLabel('Endpoint', { exact: true }).selectOption({ label: receiver.url });
    // The log refreshes by itself: two tries answered 503, then the dispatcher gives up.
    const row = page.locator('tr', { hasText: taskId });
    await row.locator('.status-dead').waitFor({ timeout: 20_000 });
    expect(await row.locator('.attempts li').allTextContents()).toEqual([expect.stringContaining('503'), expect.stringContaining('503')]);
    await shoot(page, 'webhooks');

    healthy = true;
    await row.getByRole('button', { name: `Replay order.created of ${taskId}` }).click();
    await row.locator('.status-delivered').waitFor({ timeout: 20_000 });
    expect(receiver.received.at(-1)!.headers.authorization).toBe('Bearer oms-token');
    await page.close();
  });

  it("changes an endpoint's URL and events while keeping its credentials, and disables and enables it", async () => {
    const page = await signedIn('admin');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    // A refused endpoint keeps what was typed, next to the reason.
    await page.getByLabel('URL').fill('ftp://127.0.0.1:9/before');
    await page.getByLabel('task.delivered').check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('alert').filter({ hasText: 'ftp' }).waitFor();
    expect(await page.getByLabel('URL').inputValue()).toBe('ftp://127.0.0.1:9/before');
    expect(await page.getByLabel('task.delivered').isChecked()).toBe(true);
    await page.getByLabel('task.delivered').uncheck();
    await page.getByLabel('URL').fill('http://127.0.0.1:9/before');
    await page.getByLabel('Credentials our webhooks carry').selectOption('bearer');
    await page.getByLabel('Token').fill('kept-token');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('button', { name: 'I have copied it' }).click();

    await page.getByRole('button', { name: 'Edit http://127.0.0.1:9/before' }).click();
    await page.getByRole('heading', { name: 'Change http://127.0.0.1:9/before' }).waitFor();
    // The form took the keyboard to the URL.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('http://127.0.0.1:9/after');
    await page.getByLabel('task.delivered').check();
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    const row = page.locator('tr', { hasText: 'http://127.0.0.1:9/after' });
    await row.getByRole('cell', { name: 'task.delivered', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Add an endpoint' }).waitFor();
    const stored = (await harness.running.accounts.listWebhookEndpoints('demo')).find((e) => e.url === 'http://127.0.0.1:9/after');
    expect(stored?.credentials).toEqual({ kind: 'bearer', token: 'kept-token' });

    await row.getByRole('button', { name: 'Disable http://127.0.0.1:9/after' }).click();
    await row.getByText(/^disabled: disabled by /).waitFor();
    await row.getByRole('button', { name: 'Enable http://127.0.0.1:9/after' }).click();
    await row.getByRole('cell', { name: 'active', exact: true }).waitFor();
    await page.close();
  });

  it('finds an order created through the API, and shows its timeline, driver and webhooks move by themselves', async () => {
    const receiver = await startWebhookReceiver(() => ({ status: 204 }));
    receivers.push(receiver);
    const { app, clientSecret } = await createClientApp(
      { accountId: 'demo', name: 'console-fleet', fleetId: 1 },
      { accounts: harness.running.accounts, clock: harness.clock },
    );
    const fleet = await tokenFor(harness, { clientId: app.clientId, clientSecret });
    const page = await signedIn('admin');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByTestId('Signing secret').waitFor();

    const created = await call(harness, 'POST', V1_ORDERS, { token: await tokenFor(harness), json: aPlacedOrder() });
    const shipment = created.body.completedShipments[0] as { task_id: string; fulfillmentId: string };
    await page.getByRole('link', { name: 'Deliveries' }).click();
    await page.getByLabel('Task, shipment, fulfillment or order id').fill(shipment.fulfillmentId);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: shipment.task_id }).click();
    const timeline = page.locator('.timeline li');
    await timeline.nth(1).waitFor();
    expect(await timeline.allTextContents()).toEqual([
      expect.stringContaining('Order created'),
      expect.stringContaining('Offered to the fleet'),
    ]);
    await page.getByRole('heading', { name: 'Dispatch decision (preferred)' }).waitFor();
    expect(await page.locator('tr', { hasText: 'Demo Own Fleet' }).first().textContent()).toContain('first in fleet id order');
    expect(await page.locator('.label').textContent()).toMatch(/^\^XA/);
    // The label drawn: one image per package, loaded and as wide as a 4-inch label at half scale.
    const drawn = page.getByRole('img', { name: /^Shipping label, package 1 of \d+$/ });
    await drawn.waitFor();
    // The page's own image element (the e2e suites have no DOM types): loaded, at its drawn width.
    const loadedWidth = await drawn.evaluate((element) => {
      const image = element as unknown as { complete: boolean; naturalWidth: number };
      return image.complete ? image.naturalWidth : 0;
    });
    expect(loadedWidth).toBe(406);
    // Every endpoint subscribed to it got one: this test's, and the one an earlier test added.
    await page.locator('tr', { hasText: 'order.created' }).locator('.status-delivered').first().waitFor({ timeout: 20_000 });

    // The fleet names its driver: the page shows it, and the new step, without a reload.
    await call(harness, 'PUT', `/fleet/v1/tasks/${shipment.task_id}/driver`, {
      token: fleet,
      json: { name: 'Grace Hopper', phone: '+15550123' },
    });
    await page.getByText('Grace Hopper').waitFor({ timeout: 10_000 });
    await timeline.filter({ hasText: 'Driver assigned' }).waitFor();
    await page.locator('tr', { hasText: 'driver.assigned' }).first().waitFor({ timeout: 20_000 });
    // The stops on the operator's tiles; the driver joins them once the fleet says where they are.
    const map = page.getByRole('region', { name: 'Map of the driver and the stops' });
    await map.locator('.leaflet-tile-loaded').first().waitFor();
    expect(await map.locator('path.leaflet-interactive').count()).toBe(2);
    await call(harness, 'POST', `/fleet/v1/tasks/${shipment.task_id}/location`, {
      token: fleet,
      json: { location: { lat: 39.79, lng: -89.65 } },
    });
    await page.getByText("Driver's last position, reported").waitFor({ timeout: 10_000 });
    expect(await map.locator('path.leaflet-interactive').count()).toBe(3);
    await shoot(page, 'delivery');
    await page.close();
  });

  it('sets what recipients are told and the SMTP server, never showing a secret back; a delivery shows its messages', async () => {
    const page = await signedIn('admin');
    await page.getByRole('link', { name: 'Messages to recipients' }).click();
    await page.getByLabel('The driver is on the way').uncheck();
    await page.getByLabel('Quiet hours, on the fleet’s clock (empty: none)').fill('22:00-07:00');
    await page.getByLabel('Host').fill('localhost');
    await page.getByLabel('User').fill('deliveries');
    await page.getByLabel(/^Password/).fill('smtp-pass-9');
    await page.getByLabel('Sender').fill('Demo Deliveries <deliveries@demo.example>');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Password (set; leave empty to keep it)').waitFor();
    expect(await page.content()).not.toContain('smtp-pass-9');
    const saved = (await harness.running.accounts.getAccount('demo'))!.notifications!;
    expect(saved).toMatchObject({
      quietHours: { start: '22:00', end: '07:00' },
      email: { host: 'localhost', auth: { password: 'smtp-pass-9' } },
    });
    expect(saved.moments.on_the_way).toBe(false);
    // A setting that cannot work is refused in plain words, and nothing changes.
    await page.getByLabel('Account SID').fill('AC123');
    await page.getByLabel(/^Auth token/).fill('token-1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'Invalid request: the Twilio account SID must be AC and 32 hexadecimal digits',
    );
    await harness.running.accounts.setDeliveryPolicies('demo', { notifications: null });

    const created = await call(harness, 'POST', V1_ORDERS, { token: await tokenFor(harness), json: aShipRequest() });
    await page.goto(`${harness.url}/console#/deliveries/${created.body.completedShipments[0].task_id as string}`);
    const rows = page.locator('table.messages tbody tr');
    // Rendered and kept as the order is taken: the page shows them by itself.
    await rows.filter({ hasText: 'not sent' }).nth(1).waitFor({ timeout: 20_000 });
    expect(await rows.allTextContents()).toEqual([
      expect.stringMatching(/^DispatchedSMS\+12•••99not sent.*Hi Ada, your Demo retailer order is confirmed/),
      expect.stringMatching(/^DispatchedE-maila•••@example\.comnot sent/),
    ]);
    await page.close();
  });

  it("shows Twilio's later word on an SMS in the delivery's log by itself: sent, then delivered", async () => {
    const account = aTwilioAccount();
    const twilio = await startTwilioFake([account]);
    try {
      await harness.running.accounts.setDeliveryPolicies('demo', {
        notifications: { ...DEFAULT_NOTIFICATION_SETTINGS, quietHours: null, sms: twilio.channelOf(account) },
      });
      const page = await signedIn('viewer');
      const created = await call(harness, 'POST', V1_ORDERS, { token: await tokenFor(harness), json: aShipRequest() });
      await page.goto(`${harness.url}/console#/deliveries/${created.body.completedShipments[0].task_id as string}`);
      const sms = page.locator('table.messages tbody tr').filter({ hasText: 'SMS' });
      await sms.filter({ hasText: /(?<!not )sent/ }).waitFor({ timeout: 20_000 });
      const sent = await eventually(() => {
        const found = twilio.messages.find((m) => m.to === '+12175550199' && m.body.includes('is confirmed'));
        expect(found).toBeDefined();
        return found!;
      });
      expect((await twilio.reportStatus(sent, 'delivered')).status).toBe(204);
      await sms.filter({ hasText: 'delivered' }).waitFor({ timeout: 20_000 });
      expect(await sms.textContent()).toMatch(/^DispatchedSMS\+12•••99delivered/);
      await page.close();
    } finally {
      await harness.running.accounts.setDeliveryPolicies('demo', { notifications: null });
      await twilio.stop();
    }
  });

  it("edits a moment's wording with a preview from a real delivery, refuses an unknown variable by name, and goes back to the shipped one", async () => {
    const created = await call(harness, 'POST', V1_ORDERS, { token: await tokenFor(harness), json: aShipRequest() });
    const taskId = created.body.completedShipments[0].task_id as string;
    const page = await signedIn('admin');
    await page.getByRole('link', { name: 'Messages to recipients' }).click();
    await page.getByLabel('Moment').selectOption({ label: 'The order is dispatched' });
    await page.getByLabel('Language', { exact: true }).fill('it');
    await page.getByText('No it wording yet: the en one is sent. Save to give it its own.').waitFor();
    await page.getByLabel('E-mail subject').fill('Il tuo ordine {{ retailer }}');
    await page
      .getByLabel('Text (SMS and e-mail)')
      .fill('Ciao {{ first_name }}, il tuo ordine {{ retailer }} è partito: {{ tracking_link }}');
    await page.getByLabel('Preview with a delivery (task id; empty: a sample one)').fill(taskId);
    await page.getByRole('button', { name: 'Preview SMS' }).click();
    const preview = page.getByRole('status', { name: 'Preview' }).or(page.locator('output.preview'));
    await expect(preview.locator('p').textContent()).resolves.toMatch(
      /^Ciao Ada, il tuo ordine Demo retailer è partito: http:\/\/127\.0\.0\.1:\d+\/track\//,
    );
    expect(await preview.textContent()).toContain('1 SMS segment');
    await page.getByRole('button', { name: 'Save wording' }).click();
    await page.getByText("The account's own wording (it).").waitFor();
    expect((await harness.running.accounts.getAccount('demo'))!.notifications!.templates).toHaveProperty(['dispatched.it']);
    await page.getByLabel('Text (SMS and e-mail)').fill('Hi {{ phone_number }}');
    await page.getByRole('button', { name: 'Save wording' }).click();
    await expect(page.getByRole('alert').last().textContent()).resolves.toMatch(/the text of dispatched\.it uses \{\{ phone_number \}\}/);
    await page.getByRole('button', { name: 'Back to the shipped wording' }).click();
    await page.getByText('No it wording yet: the en one is sent. Save to give it its own.').waitFor();
    await page.close();
  });

  it("sets the account's colour and logo, which the recipient's tracking page then shows", async () => {
    const page = await signedIn('admin');
    await page.getByRole('link', { name: 'Messages to recipients' }).click();
    await page.getByLabel('Colour').fill('red');
    await page.getByRole('button', { name: 'Save brand' }).click();
    await expect(page.getByRole('alert').last().textContent()).resolves.toBe('Invalid request: the colour must be #rrggbb, e.g. #1f6feb');
    await page.getByLabel('Colour').fill('#aa3300');
    await page.getByLabel('Logo (an https image address)').fill('https://cdn.demo.example/logo.png');
    await page.getByRole('button', { name: 'Save brand' }).click();
    await eventually(async () =>
      expect((await harness.running.accounts.getAccount('demo'))!.brand).toEqual({
        colour: '#aa3300',
        logoUrl: 'https://cdn.demo.example/logo.png',
      }),
    );
    const created = await call(harness, 'POST', V1_ORDERS, { token: await tokenFor(harness), json: aShipRequest() });
    const taskId = created.body.completedShipments[0].task_id as string;
    const order = await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token: await tokenFor(harness) });
    await page.goto(order.body.completedShipments[0].tracking_url as string);
    expect(await page.title()).toBe('Your Demo retailer delivery');
    expect(await page.locator('header strong').textContent()).toBe('Demo retailer');
    expect(await page.locator('header img').getAttribute('src')).toBe('https://cdn.demo.example/logo.png');
    expect(await page.locator('header').getAttribute('style')).toContain('#aa3300');
    await harness.running.accounts.setDeliveryPolicies('demo', { brand: null });
    await page.close();
  });

  it('sets a service plan and adds an HTTP fleet whose dispatch secret is shown once', async () => {
    const page = await signedIn('admin');
    await page.getByRole('link', { name: 'Carriers and fleets' }).click();
    await page.getByLabel('Carrier code', { exact: true }).fill('CITYBIKE');
    await page.getByLabel('Service level', { exact: true }).fill('SAMEDAY');
    await page.getByLabel('Carrier name').fill('City Bike');
    await page.getByLabel('Base charge').fill('7.5');
    await page.getByRole('button', { name: 'Save plan' }).click();
    await page.getByRole('cell', { name: 'City Bike', exact: true }).waitFor();
    expect((await harness.running.accounts.findServicePlan('demo', 'CITYBIKE', 'SAMEDAY'))?.baseCharge).toBe(7.5);

    await page.getByLabel('Name', { exact: true }).fill('Partner Couriers');
    await page.getByLabel('Carrier codes (comma-separated)').fill('CITYBIKE');
    await page.getByLabel('How it is asked for quotes').selectOption('http');
    await page.getByLabel('Quote URL').fill('http://127.0.0.1:9/quotes');
    await page.getByLabel(/Dispatch URL/).fill('http://127.0.0.1:9/dispatch');
    await page.getByRole('button', { name: 'Add fleet' }).click();
    expect(await page.getByTestId('Signing secret').textContent()).toMatch(/^whsec_/);
    await page.getByRole('cell', { name: 'Partner Couriers', exact: true }).waitFor();
    await shoot(page, 'carriers');
    await page.close();
  });

  it('adds a rate-card fleet with its settings, and changes them in place', async () => {
    const page = await signedIn('admin');
    await page.getByRole('link', { name: 'Carriers and fleets' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Night Riders');
    await page.getByLabel('Carrier codes (comma-separated)').fill('NIGHT');
    await page.getByLabel('Deliveries per window').fill('6');
    await page.getByLabel('Working hours from (hour, 0–23)').fill('18');
    await page.getByLabel('Working hours until (hour, 1–24)').fill('24');
    await page.getByLabel(/^Time zone/).fill('Europe/Paris');
    await page.getByLabel(/^Days with other hours/).fill('sat=18-22, sun=closed');
    await page.getByLabel(/^Order by this hour/).fill('16');
    await page.getByLabel(/^Days off/).fill('2026-12-24, 2026-12-31');
    await page.getByRole('button', { name: 'Add fleet' }).click();
    const row = page.locator('tr', { hasText: 'Night Riders' });
    await row.getByText('18–24 h Europe/Paris, 6 per 120 min window').waitFor();

    await row.getByRole('button', { name: 'Edit Night Riders' }).click();
    await page.getByRole('heading', { name: 'Change Night Riders' }).waitFor();
    expect(await page.getByLabel('Deliveries per window').inputValue()).toBe('6');
    expect(await page.getByLabel(/^Days with other hours/).inputValue()).toBe('sun=closed, sat=18-22');
    await page.getByLabel('Deliveries per window').fill('9');
    await page.getByLabel('Delivery window (minutes)').fill('60');
    await page.getByRole('button', { name: 'Save fleet' }).click();
    await row.getByText('18–24 h Europe/Paris, 9 per 60 min window').waitFor();
    const fleets = await harness.running.accounts.listFleets('demo');
    const stored = fleets.filter((f) => f.name === 'Night Riders');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.connector).toMatchObject({
      capacityPerWindow: 9,
      windowMinutes: 60,
      timeZone: 'Europe/Paris',
      workingHours: { startHour: 18, endHour: 24, weekdays: { sat: { startHour: 18, endHour: 22 }, sun: null } },
      dayCutoff: { daysBefore: 0, atHour: 16 },
      blackoutDates: ['2026-12-24', '2026-12-31'],
    });
    await page.close();
  });

  it('adds an Onfleet fleet with its API key and the rate card its drivers are priced by; the key is never shown back', async () => {
    const page = await signedIn('admin');
    await page.getByRole('link', { name: 'Carriers and fleets' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Store Drivers');
    await page.getByLabel('Carrier codes (comma-separated)').fill('STOREDRV');
    await page.getByLabel('How it is asked for quotes').selectOption('onfleet');
    await page.getByLabel('Onfleet API address').fill('http://127.0.0.1:9');
    await page.getByLabel('API key', { exact: true }).fill('onfleet-key-shown-never');
    await page.getByLabel('Base fee (minor units, e.g. cents)').fill('650');
    await page.getByLabel('Working hours from (hour, 0–23)').fill('8');
    await page.getByLabel('Working hours until (hour, 1–24)').fill('20');
    await page.getByRole('button', { name: 'Add fleet' }).click();
    const row = page.locator('tr', { hasText: 'Store Drivers' });
    await row.getByText(/Onfleet at .*rate card: base 650.*8–20 h/).waitFor();
    const stored = (await harness.running.accounts.listFleets('demo')).find((f) => f.name === 'Store Drivers')!;
    expect(stored.connector).toMatchObject({ kind: 'onfleet', rateCard: { baseFee: 650, workingHours: { startHour: 8, endHour: 20 } } });

    await row.getByRole('button', { name: 'Edit Store Drivers' }).click();
    await page.getByRole('heading', { name: 'Change Store Drivers' }).waitFor();
    expect(await page.getByLabel('Base fee (minor units, e.g. cents)').inputValue()).toBe('650');
    expect(await page.getByLabel('API key', { exact: true }).inputValue()).toBe('');
    expect(await page.content()).not.toContain('onfleet-key-shown-never');
    await page.close();
  });

  it('lets an owner add a colleague whose password is shown once and who can then sign in', async () => {
    const page = await signedIn('owner');
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Email').fill('colleague@retailer.example');
    await page.getByLabel('Name').fill('Cole League');
    await page.getByLabel('Role', { exact: true }).selectOption('admin');
    await page.getByRole('button', { name: 'Add user' }).click();
    const password = (await page.getByTestId('Password').textContent())!;
    await page.getByRole('cell', { name: 'colleague@retailer.example', exact: true }).waitFor();
    await shoot(page, 'users');
    await page.close();

    const colleague = await browser.newPage();
    await colleague.goto(`${harness.url}/console`);
    await colleague.getByLabel('Email').fill('colleague@retailer.example');
    await colleague.getByLabel('Password').fill(password);
    await colleague.keyboard.press('Enter');
    await colleague.getByText('Cole League (admin)').waitFor();
    await colleague.close();
  });

  it("lets an owner reset a colleague's password, shown once; the colleague signs in with it and changes it to their own", async () => {
    const colleague = await aConsoleUser(harness, 'viewer');
    const owner = await signedIn('owner');
    await owner.getByRole('link', { name: 'Users' }).click();
    await owner.getByRole('button', { name: `Reset password of ${colleague.email}` }).click();
    const given = (await owner.getByTestId('Password').textContent())!;
    await owner.close();

    const page = await browser.newPage();
    await page.goto(`${harness.url}/console`);
    await page.getByLabel('Email').fill(colleague.email);
    await page.getByLabel('Password').fill(CONSOLE_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByText('The email or the password is wrong').waitFor();
    await page.getByLabel('Password').fill(given);
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Current password').fill(given);
    await page.getByLabel(/New password/).fill('my very own passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed').waitFor();
    // The page goes on with the new session the change answered.
    await page.getByRole('link', { name: 'API apps' }).click();
    await page.getByRole('heading', { name: 'Integrations: API apps' }).waitFor();
    expect((await call(harness, 'POST', '/console/api/session', { json: { email: colleague.email, password: given } })).status).toBe(401);
    await page.close();
  });

  // Seven axe analyses, each seconds of CPU on a busy machine: a longer bound still.
  it('has no accessibility violations axe finds (WCAG 2.1 A and AA) on any of its pages', async () => {
    const user = await aConsoleUser(harness, 'owner');
    const created = await call(harness, 'POST', V1_ORDERS, { token: await tokenFor(harness), json: aPlacedOrder() });
    const taskId = created.body.completedShipments[0].task_id as string;
    // axe runs as a script in the page, which the page's own CSP would refuse.
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const check = async (name: string) => {
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect({ page: name, violations: violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`) }).toEqual({
        page: name,
        violations: [],
      });
    };
    await page.goto(`${harness.url}/console`);
    await page.getByLabel('Email').waitFor();
    await check('sign-in');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(CONSOLE_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Deliveries', exact: true }).waitFor();
    await page.getByRole('link', { name: taskId }).waitFor();
    await check('deliveries');
    // A driver, so the drivers' page has its table and devices cell to check.
    await accountSettings({ accounts: harness.running.accounts, clock: harness.clock, urlPolicy: STRICT_OUTBOUND_POLICY }).addDriver({
      accountId: 'demo',
      fleetId: 1,
      name: 'Checked Driver',
      phone: '+12175550602',
    });
    const pages: [hash: string, heading: string][] = [
      [`#/deliveries/${taskId}`, 'Timeline'],
      ['#/apps', 'API usage, last 24 hours'],
      ['#/webhooks', 'Delivery log'],
      ['#/carriers', 'Fleets'],
      ['#/users', 'Users'],
      ['#/drivers', 'Drivers'],
    ];
    for (const [hash, heading] of pages) {
      await page.goto(`${harness.url}/console${hash}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.locator('tbody tr').first().waitFor();
      await check(hash);
    }
    await page.goto(`${harness.url}/console#/notifications`);
    await page.getByLabel('Account SID').waitFor();
    await check('#/notifications');
    await context.close();
  }, 120_000);

  it('lets a dispatcher add a driver, read out their sign-in code, see the phone they signed in on, sign it out, and hand them a delivery', async () => {
    // How the fleet's tasks reach its drivers, as the page's own session reads it.
    const assignmentOf = (on: Page) =>
      on.evaluate(async () => ((await (await fetch('/console/api/fleets/1/drivers')).json()) as { assignment: string }).assignment);
    const page = await signedIn('admin');
    await page.getByRole('link', { name: 'Drivers' }).click();
    await page.getByRole('heading', { name: 'Drivers', exact: true }).waitFor();
    await expect(page.getByRole('link', { name: /\/driver\/\?account=demo$/ }).count()).resolves.toBe(1);
    await page.getByLabel('Name', { exact: true }).fill('Page Driver');
    await page.getByLabel('Phone, in international form').fill('+1 217 555 0601');
    await page.getByRole('button', { name: 'Add driver' }).click();
    await page.getByRole('cell', { name: '+12175550601' }).waitFor();
    await page.getByRole('button', { name: 'Sign-in code for Page Driver' }).click();
    const code = (await page.locator('.secret-once .code').innerText()).trim();
    expect(code).toMatch(/^\d{6}$/);
    // The driver signs in with it on their phone: the console lists the device.
    const phone = await call(harness, 'POST', '/driver/api/session', {
      json: { account: 'demo', phone: '+12175550601', code },
      headers: { 'user-agent': 'Pixel 8 test phone' },
    });
    expect(phone.status).toBe(200);
    await page.reload();
    await page.getByText('Pixel 8 test phone').waitFor();
    await shoot(page, 'drivers');
    await page.getByRole('button', { name: "Sign Page Driver's device out" }).click();
    await page
      .getByRole('row', { name: /Page Driver/ })
      .getByText('Not signed in')
      .waitFor();
    const cookie = /driver_session=([^;]+)/.exec(phone.headers.get('set-cookie')!)![1]!;
    expect((await call(harness, 'GET', '/driver/api/session', { headers: { cookie: `driver_session=${cookie}` } })).status).toBe(401);

    // The dispatcher assigns the fleet's deliveries: a new one is handed to the driver on its page.
    await page.getByLabel('Its tasks reach its drivers').selectOption('dispatcher');
    await eventually(async () => expect(await assignmentOf(page)).toBe('dispatcher'));
    const created = await call(harness, 'POST', V1_ORDERS, { token: await tokenFor(harness), json: aPlacedOrder() });
    const taskId = created.body.completedShipments[0].task_id as string;
    await page.goto(`${harness.url}/console#/deliveries/${taskId}`);
    await page.getByLabel('Hand to').selectOption({ label: 'Page Driver' });
    await page.getByRole('button', { name: 'Assign' }).click();
    await page.getByText('Page Driver · +12175550601').waitFor();
    await page.goto(`${harness.url}/console#/drivers`);
    await page.getByLabel('Its tasks reach its drivers').selectOption('offer');
    await eventually(async () => expect(await assignmentOf(page)).toBe('offer'));
    await page.close();
  });

  it('shows a viewer no way to change anything, and refuses a change the page sends without its CSRF token', async () => {
    const page = await signedIn('viewer');
    await page.getByRole('link', { name: 'API apps' }).click();
    await page.getByRole('heading', { name: 'Integrations: API apps' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add app' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Regenerate|Delete/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhook endpoints' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add endpoint' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Carriers and fleets' }).click();
    await page.getByRole('heading', { name: 'Fleets', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /Save plan|Add fleet|Remove/ }).count()).toBe(0);

    // The browser sends the session cookie by itself; without the token the change is refused.
    const status = await page.evaluate(async () => {
      const answer = await fetch('/console/api/apps', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"x"}',
      });
      return answer.status;
    });
    expect(status).toBe(403);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to your account settings' }).waitFor();
    await page.close();
  });
});
