import {
  runWalkthrough,
  shownOutput,
  unprinted,
  WALKTHROUGH_OUTPUT,
  WALKTHROUGHS,
  walkthroughName,
  type Walkthrough,
  type WalkthroughRun,
} from '@delivery/testing';
import { startHarness, type Harness } from './support/standalone-harness';
import { consoleSession } from './support/console-session';

/** The README's walkthroughs against the standalone (`npm start`); tools/distributed runs them against the distributed shape. */
describe('README walkthroughs', () => {
  let harness: Harness;

  beforeAll(async () => {
    // The Planned walkthrough asks `date` for its hold, so the system runs on today's time.
    harness = await startHarness({ clockStart: new Date() });
  });
  afterAll(() => harness.stop());

  const expectRan = (run: WalkthroughRun) => {
    expect(run.errors).toEqual([]);
    expect(run.status).toBe(0);
    expect(run.shellOptions).not.toMatch(/[eu]/);
  };
  /** No stale sample: every line the guide shows the block printing, it printed. */
  const expectAsShown = (walkthrough: Walkthrough, run: WalkthroughRun) =>
    expect({ section: walkthroughName(walkthrough), unprinted: unprinted(shownOutput(walkthrough), run.lines) }).toEqual({
      section: walkthroughName(walkthrough),
      unprinted: [],
    });

  it('Same-Day: works verbatim, and again on a second run', async () => {
    const first = await runWalkthrough(WALKTHROUGHS.sameDay, harness);
    expectRan(first);
    expectAsShown(WALKTHROUGHS.sameDay, first);
    WALKTHROUGH_OUTPUT.sameDay(first.lines);
    expect(first.lines).toContain('Order for fulfillment FUL-1001 cancelled successfully');

    const second = await runWalkthrough(WALKTHROUGHS.sameDay, harness);
    expectRan(second);
    expect(second.stdout).toContain(first.lines[0]);
    expect(second.stdout).toContain('Order for fulfillment FUL-1001 was already cancelled');
  }, 90_000);

  for (const name of ['planned', 'notes', 'console', 'errors', 'notifications'] as const) {
    it(`${walkthroughName(WALKTHROUGHS[name])}: runs verbatim and prints what the README shows`, async () => {
      const run = await runWalkthrough(WALKTHROUGHS[name], harness);
      expectRan(run);
      expectAsShown(WALKTHROUGHS[name], run);
      WALKTHROUGH_OUTPUT[name](run.lines);
    }, 90_000);
  }

  it('a block that fails ends itself, never the shell it was pasted into, and leaves no option set', async () => {
    const run = await runWalkthrough(WALKTHROUGHS.sameDay, { url: 'http://127.0.0.1:1', dataDir: harness.dataDir });
    expect(run.status).not.toBe(0);
    expect(run.shellOptions).toEqual(expect.any(String));
    expect(run.shellOptions).not.toMatch(/[eu]/);
  }, 90_000);

  it('each run reuses its client app, and no order it makes is late', async () => {
    const apps = await harness.running.accounts.listClientApps('demo');
    const names = apps.map((app) => app.name).filter((name) => name.endsWith('walkthrough'));
    expect(names.length).toBeGreaterThan(1);
    expect(new Set(names).size).toBe(names.length);
    await harness.running.lateness.sweep();
    const viewer = await consoleSession(harness, 'viewer');
    expect((await viewer.as('GET', '/console/api/deliveries')).body.deliveries.length).toBeGreaterThan(0);
    expect((await viewer.as('GET', '/console/api/deliveries?late=true')).body.deliveries).toEqual([]);
  }, 30_000);

  it('Sandbox: a Same-Day order is delivered by the sandbox fleet with a named driver, verbatim', async () => {
    // The sandbox at a fast pace on a clock that follows real time, as `npm start` runs it at 5 s a step.
    const drivers = ['Grace Hopper', 'Alan Turing'];
    const live = await startHarness({
      clockStart: new Date(),
      sandbox: { stepMs: 300, failureRate: 0, failureCode: 'recipient_unavailable', lateMinutes: 0, seed: 1, drivers, pollIntervalMs: 50 },
    });
    const ticking = setInterval(() => live.clock.advance(50), 50);
    try {
      const run = await runWalkthrough(WALKTHROUGHS.sandbox, live, { WATCH_SECONDS: '0.1' });
      expectRan(run);
      expectAsShown(WALKTHROUGHS.sandbox, run);
      WALKTHROUGH_OUTPUT.sandbox(run.lines, drivers);
    } finally {
      clearInterval(ticking);
      await live.stop();
    }
  }, 90_000);
});
