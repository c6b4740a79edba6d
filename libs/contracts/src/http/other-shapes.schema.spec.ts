import { cancelEventSchema, cancelledFulfillmentId } from './cancel-event.schema';
import { noteSchema } from './note.schema';
import { orderRecordSchema } from './order-record.schema';
import { problemDocumentSchema } from './problem-document.schema';
import { quoteResponseSchema } from './quote-response.schema';

describe('the other wire shapes of spec section 2', () => {
  it('quote response: quotes may be absent when every fleet failed', () => {
    const error = { message: 'missing item description', fleet_name: 'F', fleet_id: 1, external_team_id: 't', status: null, details: [] };
    expect(quoteResponseSchema.safeParse({ quote_errors: [error] }).success).toBe(true);
    const window = { start_time: '2026-11-22T10:00:00.123456Z', end_time: '2026-11-22T12:00:00Z' };
    const quote = {
      id: 'q1',
      expiry_time: '2026-11-22T09:30:00.123Z',
      fleet: { quote_id: 'fq', id: 3, fleet_type: 1, name: 'F' },
      currency_code: 'USD',
      fee: 1250,
      priority: 0,
      delivery_terms_supported: true,
      pickup_window: window,
      dropoff_window: window,
    };
    expect(quoteResponseSchema.safeParse({ quotes: [quote], quote_errors: [] }).success).toBe(true);
  });

  it('note: the three types, table rows and url schemes', () => {
    expect(noteSchema.safeParse({ type: 0, note: 'Leave at the door', timestamp: '1795321752775' }).success).toBe(true);
    expect(
      noteSchema.safeParse({
        type: 1,
        note: [
          ['Item', 'Qty'],
          ['Shoes', 1],
        ],
      }).success,
    ).toBe(true);
    expect(noteSchema.safeParse({ type: 2, note: 'Open', url: 'https://example.com/x' }).success).toBe(true);
    expect(noteSchema.safeParse({ type: 2, note: 'Open', url: 'javascript:alert(1)' }).success).toBe(false);
    expect(noteSchema.safeParse({ type: 7, note: 'x' }).success).toBe(false);
    // An empty table or rows that are not arrays are refused, never thrown on (the refinement once read note[0]).
    for (const note of [[], [1, 2], [[1], 'x'], [[], []]]) expect(noteSchema.safeParse({ type: 1, note }).success).toBe(false);
  });

  it('order record: reads Release and keeps the rest', () => {
    const record = orderRecordSchema.parse({
      OrgId: 'ORG',
      Release: [{ ReleaseId: 'R1', OrderId: 'O1', CarrierCode: 'OWN' }],
      PaymentStatus: 'x',
    });
    expect(record.Release?.[0]?.OrderId).toBe('O1');
    expect(record).toMatchObject({ PaymentStatus: 'x' });
  });

  it('cancel event: names the order by CurrentObject.FulfillmentId, else ChangeSet.FulfillmentId', () => {
    expect(
      cancelledFulfillmentId(cancelEventSchema.parse({ CurrentObject: { FulfillmentId: 'F1' }, ChangeSet: { FulfillmentId: 'F2' } })),
    ).toBe('F1');
    expect(cancelledFulfillmentId(cancelEventSchema.parse({ CurrentObject: {}, ChangeSet: { FulfillmentId: 'F2' } }))).toBe('F2');
    expect(cancelEventSchema.safeParse({ EventName: 'FulfillmentCancel', CurrentObject: {} }).success).toBe(false);
  });

  it('problem document: the exact shape of spec 2.7', () => {
    const problem = {
      type: 'https://errors.example/not-found',
      title: 'Not Found',
      status: 404,
      details: { reason: 'Failed to find external id by order id' },
      errors: { reason: 'Failed to find external id by order id' },
      data: { orderId: 'O1' },
      success: false,
    };
    expect(problemDocumentSchema.parse(problem)).toEqual(problem);
    expect(problemDocumentSchema.safeParse({ ...problem, success: true }).success).toBe(false);
  });
});
