import { DomainError } from '@delivery/contracts';
import { aTask } from '../testing/task.fixture';
import { ageOn, PIN_ATTEMPTS } from './delivery-proof';
import { applyFleetAction } from './task-lifecycle';
import type { CompletionEvidence, ProofOfDelivery, Task } from './task';

const AT = '2026-11-25T15:00:00.000Z';
const NONE: CompletionEvidence = { pin: null, idChecked: false, recipientBirthDate: null, barcodes: [] };
const SIGNED: ProofOfDelivery = { recipientName: 'Ada', signatureUrl: 'https://img.example/sig.png', photoUrl: null, note: null };

const DISPATCH = { fleetId: 1, fleetName: 'Own Fleet', dispatchedAt: AT, acceptedAt: AT };
const atDropoff = (overrides: Partial<Task>) => aTask({ status: 'at_dropoff', dispatch: DISPATCH, ...overrides });
const complete = (task: Task, proof: ProofOfDelivery | null, evidence: CompletionEvidence | null) =>
  applyFleetAction(task, { kind: 'complete', wayPointId: 'wp_dropoff', proof, evidence }, AT);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('completed without the proof');
};

describe("a drop-off's requirements at completion", () => {
  it('refuses a completion without the proof required, naming every missing piece and its field, and changes nothing', () => {
    const task = atDropoff({ requirements: { kinds: ['signature', 'photo', 'pin', 'id_check'], minimumAge: null }, pin: '482193' });
    const error = refusal(() => complete(task, null, NONE));
    expect(error.code).toBe('PROOF_REQUIRED');
    expect(error.message).toMatch(/signature_url.*photo_url.*proof_of_delivery\.pin.*id_checked/);
    expect(task.status).toBe('at_dropoff');
  });

  it('completes with every proof, keeping what it verified and never the PIN or the birth date', () => {
    const task = atDropoff({ requirements: { kinds: ['signature', 'pin', 'minimum_age', 'barcode_scan'], minimumAge: 21 }, pin: '482193' });
    const barcodes = task.packages.map((p) => p.trackingNumber);
    const result = complete(task, SIGNED, { pin: '482193', idChecked: true, recipientBirthDate: '2000-01-31', barcodes });
    expect(result.task.status).toBe('delivered');
    const kept = result.task.wayPoints[1]!.proofOfDelivery;
    expect(kept).toEqual({ ...SIGNED, verified: ['signature', 'pin', 'minimum_age', 'barcode_scan'], barcodes });
    expect(JSON.stringify(result.events)).not.toMatch(/482193|2000-01-31/);
  });

  it('refuses an unscanned package and a recipient under age, saying to fail the drop-off for the age', () => {
    const task = atDropoff({ requirements: { kinds: ['pin', 'minimum_age', 'barcode_scan'], minimumAge: 21 }, pin: '482193' });
    const error = refusal(() => complete(task, null, { pin: '482193', idChecked: true, recipientBirthDate: '2005-11-26', barcodes: [] }));
    expect(error.message).toMatch(/under 21; fail the drop-off with reason_code age_check_failed/);
    expect(error.message).toContain(task.packages[0]!.trackingNumber);
  });

  it('records each wrong PIN as PinRejected and still refuses; the fifth locks the PIN, and then the right one is refused too', () => {
    let task = atDropoff({ requirements: { kinds: ['pin', 'photo'], minimumAge: null }, pin: '482193' });
    for (let failures = 1; failures <= PIN_ATTEMPTS; failures += 1) {
      const result = complete(task, null, { ...NONE, pin: '135790' });
      expect(result.refusal?.code).toBe('PROOF_REQUIRED');
      expect(result.refusal?.message).toMatch(failures < PIN_ATTEMPTS ? `${failures} of 5 wrong tries` : /locked/);
      expect(result.events).toEqual([
        { type: 'PinRejected', data: { wayPointId: 'wp_dropoff', failures, locked: failures === PIN_ATTEMPTS } },
      ]);
      expect(result.task).toMatchObject({ status: 'at_dropoff', pinFailures: failures });
      // Neither the event nor the answer tells the PIN, or the wrong one.
      expect(JSON.stringify(result.events) + result.refusal?.message).not.toMatch(/482193|135790/);
      task = result.task;
    }
    const locked = refusal(() => complete(task, { ...SIGNED, photoUrl: 'https://img.example/p.jpg' }, { ...NONE, pin: '482193' }));
    expect(locked.message).toMatch(/locked; fail the drop-off with reason_code id_check_failed/);
  });

  it('asks nothing of a task without requirements, of a pick-up, or of a courier network that enforced them in its own app', () => {
    expect(complete(atDropoff({}), null, NONE).task.status).toBe('delivered');
    const required = atDropoff({ requirements: { kinds: ['signature'], minimumAge: null } });
    expect(complete(required, null, null).task.status).toBe('delivered');
    const atPickup = aTask({ status: 'at_pickup', dispatch: DISPATCH, requirements: { kinds: ['signature'], minimumAge: null } });
    expect(applyFleetAction(atPickup, { kind: 'complete', wayPointId: 'wp_pickup', proof: null, evidence: NONE }, AT).task.status).toBe(
      'picked_up',
    );
  });

  it('counts age in whole years to the day', () => {
    expect(ageOn('2005-11-25', AT)).toBe(21);
    expect(ageOn('2005-11-26', AT)).toBe(20);
    expect(ageOn('2004-02-29', '2025-02-28T12:00:00Z')).toBe(20);
    expect(ageOn('2004-02-29', '2025-03-01T00:00:00Z')).toBe(21);
  });
});
