import { SHORT_DURATIONS } from '../tools/faults/fault-durations';
import { faultTable, runFaultSuite, type FaultRun } from '../tools/faults/fault-suite';

/**
 * The fault suite's short form (`npm run faults` runs it at the durations): every
 * fault in turn on two replicas of order-lifecycle and of the webhook dispatcher and one
 * notifier, under load, each recipient told by SMS (Twilio's fake) and e-mail (an SMTP server).
 * The MongoDB adapters are not under it here (the shape runs on the embedded stores where no
 * MongoDB server can be had); the README says so.
 */
describe('the fault suite, short form', () => {
  let run: FaultRun;

  beforeAll(async () => {
    run = await runFaultSuite(SHORT_DURATIONS, () => undefined);
    console.log(faultTable(run));
  }, 900_000);

  it('runs every fault as described, catches up after them within the bound, the gateway ready through the broker’s and Redis’s', () => {
    const outcomes = run.outcomes.map((o) => ({
      fault: o.fault,
      // Each fault's named witness: what shows it was what it says.
      witness: o.happened ? 'seen' : `not seen: ${o.witness}`,
      caughtUp: o.caughtUpS !== null,
      stayedReady: !o.mustStayReady || o.gatewayUnreadyS === 0,
    }));
    expect(outcomes).toEqual(run.outcomes.map((o) => ({ fault: o.fault, witness: 'seen', caughtUp: true, stayedReady: true })));
    expect(outcomes).toHaveLength(6);
  });

  it('loses no event, reorders none, tells every webhook, has Uber deliver each of its tasks once, and sends no message twice', () => {
    expect(run.check.problems).toEqual([]);
    expect(run.check.tasks).toBeGreaterThan(100);
  });
});
