/**
 * The API documents, as a reader meets them: the size of /openapi.json, and in Chromium the
 * time until /docs lists the operations and until the first one opens, over BENCH_RUNS
 * fresh pages (3). Goal (issue 25): under 200 KB, usable within 2 s.
 */
import { chromium } from 'playwright-core';
import { startHarness } from '../e2e/support/standalone-harness';

const runs = Number(process.env.BENCH_RUNS ?? 3);

async function main() {
  const harness = await startHarness();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const document = await (await fetch(`${harness.url}/openapi.json`)).text();
    console.log(`/openapi.json: ${(Buffer.byteLength(document) / 1024).toFixed(0)} KB (goal < 200 KB)`);
    for (let run = 1; run <= runs; run++) {
      const page = await browser.newPage();
      const started = performance.now();
      await page.goto(`${harness.url}/docs/`);
      await page.locator('.opblock').first().waitFor({ timeout: 60_000 });
      const listed = performance.now() - started;
      await page.locator('.opblock-summary').first().click();
      await page.locator('.opblock-body').first().waitFor({ timeout: 60_000 });
      const opened = performance.now() - started;
      console.log(
        `run ${run}: /docs lists the operations in ${listed.toFixed(0)} ms, the first one open in ${opened.toFixed(0)} ms (goal 2000)`,
      );
      await page.close();
    }
  } finally {
    await browser.close();
    await harness.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
