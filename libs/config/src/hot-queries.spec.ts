import { indexServes } from './hot-queries';

describe('an index serving a hot query (equality, sort, range)', () => {
  const query = { name: 'due', equality: ['status'], sort: { dueAt: 1, _id: 1 } as const, range: ['dueAt'] };

  it('serves when its keys are the equality fields, then the sort in order, either way round', () => {
    expect(indexServes({ status: 1, dueAt: 1, _id: 1 }, query)).toBe(true);
    expect(indexServes({ status: 1, dueAt: -1, _id: -1 }, query)).toBe(true);
    expect(indexServes({ status: 1, dueAt: 1, _id: 1, endpointId: 1 }, query)).toBe(true);
  });

  it('does not without the tie-break, with the sort out of order or mixed, or with the equality after the sort', () => {
    expect(indexServes({ status: 1, dueAt: 1 }, query)).toBe(false);
    expect(indexServes({ status: 1, _id: 1, dueAt: 1 }, query)).toBe(false);
    expect(indexServes({ status: 1, dueAt: 1, _id: -1 }, query)).toBe(false);
    expect(indexServes({ dueAt: 1, _id: 1, status: 1 }, query)).toBe(false);
  });

  it('wants a range field that is not sorted on after the sort', () => {
    const ranged = { name: 'fleet', equality: ['accountId'], sort: { dispatchedAt: 1, _id: 1 } as const, range: ['status'] };
    expect(indexServes({ accountId: 1, dispatchedAt: 1, _id: 1, status: 1 }, ranged)).toBe(true);
    expect(indexServes({ accountId: 1, dispatchedAt: 1, _id: 1 }, ranged)).toBe(false);
  });
});
