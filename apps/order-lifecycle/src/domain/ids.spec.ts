import { newShipmentId, newTaskId, newTrackingNumber, newTrackingToken, TASK_ID_PATTERN, TRACKING_TOKEN_PATTERN } from './ids';

describe('ids drawn from the random pool', () => {
  it('keeps their formats and never repeats across many pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const ids = [newTaskId(), newShipmentId(), newTrackingToken(), newTrackingNumber()];
      expect(ids[0]).toMatch(TASK_ID_PATTERN);
      expect(ids[1]).toMatch(/^SHP[0-9A-F]{20}$/);
      expect(ids[2]).toMatch(TRACKING_TOKEN_PATTERN);
      expect(ids[3]).toMatch(/^9\d{17}$/);
      for (const id of ids) seen.add(id);
    }
    expect(seen.size).toBe(20_000);
  });

  it('draws tracking number digits uniformly', () => {
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 2_000; i++) for (const digit of newTrackingNumber().slice(1)) counts[Number(digit)]! += 1;
    // 34,000 digits: each expected 3,400; 4 standard deviations is about 220.
    for (const count of counts) expect(Math.abs(count - 3_400)).toBeLessThan(250);
  });
});
