/**
 * The driver app as a phone meets it (issue 52): its JavaScript gzipped (goal: under 200 KB
 * all told), and in Chromium as a Pixel 7 on DevTools' "Slow 4G" (Puppeteer's
 * PredefinedNetworkConditions, crbug.com/342406608: 180,000 B/s down, 84,375 B/s up, 562.5 ms
 * latency) the time until the first screen is interactive (goal: 2 s), over BENCH_RUNS runs
 * (3) each: a first visit (nothing kept: the sign-in form usable) and a signed-in driver's
 * return (the service worker's shell and the tasks the phone kept: the task list tappable).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, devices, type BrowserContext, type Page } from 'playwright-core';
import { tempDataDir } from '@delivery/testing';
import { consoleSession } from '../e2e/support/console-session';
import { aShipRequest } from '../e2e/support/ship-request.fixture';
import { call, startHarness, tokenFor, V1_ORDERS } from '../e2e/support/standalone-harness';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const ROOT = join(__dirname, '..');
const SLOW_4G = { offline: false, downloadThroughput: 180_000, uploadThroughput: 84_375, latency: 562.5 };

const throttled = async (context: BrowserContext, page: Page) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
};

async function main() {
  const dir = tempDataDir('driver-app-bench-');
  const build = join(dir.path, 'driver-app');
  execFileSync(process.execPath, ['--import', 'tsx', 'tools/driver-app/build.ts', '--out', build], { cwd: ROOT, stdio: 'inherit' });
  const scripts = readdirSync(join(build, 'assets')).filter((name) => name.endsWith('.js'));
  const gzipped = (name: string) => gzipSync(readFileSync(join(build, 'assets', name)), { level: 9 }).length;
  const total = scripts.reduce((sum, name) => sum + gzipped(name), 0);
  console.log(`first screen's script (app.js): ${(gzipped('app.js') / 1024).toFixed(1)} KB gzipped`);
  console.log(
    `all its JavaScript (${scripts.length} files, ZXing's chunk loaded only to scan): ${(total / 1024).toFixed(1)} KB gzipped (goal < 200 KB)`,
  );

  const harness = await startHarness({ driverAppDir: build });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const admin = await consoleSession(harness, 'admin');
    const caller = await tokenFor(harness);
    const order = (await call(harness, 'POST', V1_ORDERS, { token: caller, json: aShipRequest() })).body.completedShipments[0];
    const fleetId = (await call(harness, 'GET', `${V1_ORDERS}/${order.task_id}`, { token: caller })).body.completedShipments[0].fleet.id;
    for (let run = 1; run <= runs; run++) {
      const context = await browser.newContext({ ...devices['Pixel 7'] });
      const page = await context.newPage();
      await throttled(context, page);
      let started = performance.now();
      await page.goto(`${harness.url}/driver/?account=demo`, { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Send me a code' }).waitFor();
      const firstVisit = performance.now() - started;

      // Signed in (unthrottled), the worker in: the driver's return, on the slow network again.
      const phone = `+1217555${String(4000 + run)}`;
      const driver = await admin.as('POST', `/console/api/fleets/${fleetId}/drivers`, { json: { name: `Bench ${run}`, phone } });
      const code = (await admin.as('POST', `/console/api/fleets/${fleetId}/drivers/${driver.body.driver.id}/sign-in-code`)).body.code;
      await context
        .newCDPSession(page)
        .then((cdp) =>
          cdp.send('Network.emulateNetworkConditions', { ...SLOW_4G, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }),
        );
      await page.getByLabel('Your phone number').fill(phone);
      await page.getByLabel('Sign-in code').fill(code);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: order.way_points[1].contact.personName }).first().waitFor();
      await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
      const again = await context.newPage();
      await throttled(context, again);
      started = performance.now();
      await again.goto(`${harness.url}/driver/`, { waitUntil: 'commit' });
      await again.getByRole('button', { name: order.way_points[1].contact.personName }).first().waitFor();
      const returning = performance.now() - started;
      console.log(
        `run ${run}: first visit, sign-in form usable in ${firstVisit.toFixed(0)} ms; a signed-in driver's return, tasks tappable in ${returning.toFixed(0)} ms (goal 2000)`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await harness.stop();
    dir.remove();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
