import fc from 'fast-check';
import { oauthErrorSchema, problemDocumentSchema, quoteResponseSchema, shipResponseSchema } from '@delivery/contracts';
import { eventually } from '@delivery/testing';
import { aCancelEvent, aQuoteRequest, aReleaseOrderRecord, aShipRequest, aSoftReservation } from './support/ship-request.fixture';
import {
  call,
  collectOrderEvents,
  startHarness,
  tokenFor,
  V1_ORDERS,
  V2,
  type CallResult,
  type Harness,
} from './support/standalone-harness';

/**
 * Malformed and mutated input to every endpoint: never a 5xx, always the endpoint's
 * envelope, and nothing stored or published for a refused request.
 */
describe('bad input, property-based', () => {
  let harness: Harness;
  let token: string;
  let acceptedCreates = 0;
  let acceptedCancels = 0;
  const runs = { numRuns: 60 };

  beforeAll(async () => {
    // What bad input gets, not the pace: on Node 24 one caller's sequential calls pass the 150 a second an app is paced at.
    harness = await startHarness({ jsonBodyLimit: '64kb', rateLimits: { perAppPerMinute: 1_000_000, perAccountPerMinute: 1_000_000 } });
    token = await tokenFor(harness);
  });
  afterAll(() => harness.stop());

  type Json = Record<string, unknown> | unknown[];

  /** Replaces or deletes the value at one path of a copy of `base`. */
  const mutation = (base: Json) =>
    fc
      .tuple(fc.nat(), fc.nat(), fc.oneof(fc.constant(undefined), fc.jsonValue(), fc.string({ minLength: 5_000, maxLength: 20_000 })))
      .map(([pick, depthPick, replacement]) => {
        const copy = structuredClone(base) as any;
        let node = copy;
        for (let depth = 0; depth <= depthPick % 6; depth++) {
          const keys = Object.keys(node);
          if (keys.length === 0) break;
          const key = keys[pick % keys.length]!;
          const child = node[key];
          if (child && typeof child === 'object' && depth < depthPick % 6) {
            node = child;
            continue;
          }
          if (replacement === undefined) delete node[key];
          else node[key] = replacement;
          break;
        }
        return copy;
      });

  const deepNesting = fc.integer({ min: 500, max: 5_000 }).map((depth) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`);

  const rawBody = fc.oneof(
    fc.string().map((text) => ({ raw: text, contentType: 'application/json' })),
    fc.jsonValue().map((value) => ({ raw: JSON.stringify(value), contentType: 'application/json' })),
    deepNesting.map((raw) => ({ raw, contentType: 'application/json' })),
    fc
      .tuple(fc.jsonValue(), fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded'))
      .map(([value, contentType]) => ({ raw: JSON.stringify(value), contentType })),
    fc.constant({ raw: JSON.stringify({ shipRequest: { big: 'x'.repeat(70 * 1024) } }), contentType: 'application/json' }),
  );

  function expectShipError(result: CallResult, completedShipments: [] | null) {
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
    const body = shipResponseSchema.parse(result.body);
    expect(body.severityType).toBe('ERROR');
    expect(body.provider).toBeNull();
    expect(body.completedShipments).toEqual(completedShipments);
  }

  it('Create Order: malformed bodies get a 4xx ship envelope', async () => {
    await fc.assert(
      fc.asyncProperty(rawBody, async ({ raw, contentType }) => {
        expectShipError(await call(harness, 'POST', V1_ORDERS, { token, raw, contentType }), []);
      }),
      runs,
    );
  });

  it('Create Order: mutated valid bodies are created or refused with a 4xx ship envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        mutation(aShipRequest()).map((body) => ({ ...body })),
        async (body) => {
          // Fresh external ids per run, unless the mutation removed them.
          const shipment = (body as any).shipRequest?.shipment;
          if (shipment && typeof shipment === 'object' && typeof shipment.fulfillmentId === 'string')
            shipment.fulfillmentId += `-${Math.random()}`;
          const result = await call(harness, 'POST', V1_ORDERS, { token, json: body });
          if (result.status === 200) {
            shipResponseSchema.parse(result.body);
            if (result.headers.get('idempotent-replayed') !== 'true') acceptedCreates += 1;
          } else {
            expectShipError(result, []);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('Cancel Order: malformed and mutated events get a 4xx envelope with completedShipments null', async () => {
    const order = (await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() })).body.completedShipments[0];
    acceptedCreates += 1;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          rawBody,
          mutation(aCancelEvent(order.fulfillmentId)).map((json) => ({ json })),
        ),
        async (input) => {
          const result = await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token, ...input });
          if (result.status === 200) {
            if (!String(result.body.notifications[0].message).includes('already')) acceptedCancels += 1;
          } else {
            expectShipError(result, null);
          }
        },
      ),
      runs,
    );
  });

  it('Get Order and documents: arbitrary ids get 4xx ship envelopes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 400 }), fc.boolean(), async (id, document) => {
        const path = `${V1_ORDERS}/${encodeURIComponent(id)}${document ? `/documents/${encodeURIComponent(id)}` : ''}`;
        const result = await call(harness, 'GET', path, { token });
        expectShipError(result, []);
      }),
      runs,
    );
  });

  it('Get Quotes: malformed and mutated requests get quotes or a 4xx ship envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          rawBody,
          mutation(aQuoteRequest()).map((json) => ({ json })),
        ),
        async (input) => {
          const result = await call(harness, 'POST', `${V2}/quotes`, { token, ...input });
          if (result.status === 200) quoteResponseSchema.parse(result.body);
          else expectShipError(result, []);
        },
      ),
      runs,
    );
  });

  it('Create Soft Reservation: malformed and mutated requests get a 4xx ship envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          rawBody,
          mutation(aSoftReservation('qte_000000000000000000000000', '2030-01-01T00:00:00Z')).map((json) => ({ json })),
        ),
        async (input) => {
          // The quote does not exist, so no variant may ever reserve anything.
          expectShipError(await call(harness, 'POST', `${V2}/orders`, { token, ...input }), []);
        },
      ),
      runs,
    );
  });

  it('Create Hard Reservation: malformed and mutated records get a 4xx problem document', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          rawBody,
          mutation(aReleaseOrderRecord('ORD-NONE')).map((json) => ({ json })),
        ),
        async (input) => {
          const result = await call(harness, 'PATCH', `${V2}/orders`, { token, ...input });
          expect(result.status).toBeGreaterThanOrEqual(400);
          expect(result.status).toBeLessThan(500);
          expect(problemDocumentSchema.parse(result.body).status).toBe(result.status);
        },
      ),
      runs,
    );
  });

  it('Notes, v1 and legacy paths: malformed and mutated bodies get a 4xx ship envelope or a stored note', async () => {
    // The order the notes go on; the suites before may have spent this second's calls (429), so until it is made.
    const task = await eventually(async () => {
      const created = await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() });
      expect({ status: created.status, body: created.body }).toMatchObject({ status: 200 });
      return created.body.completedShipments[0];
    });
    acceptedCreates += 1;
    const paths = [
      `/partner-integrations-service/v1/integrations/tasks/${task.task_id}/way_points/${task.way_points[1].id}/notes`,
      `/partner_api/tasks/${task.task_id}/way_points/${task.way_points[1].id}/notes`,
    ];
    const notes = fc.oneof(
      rawBody,
      mutation({
        type: 1,
        note: [
          ['Item', 'Qty'],
          ['Vase', 1],
        ],
        access_token: token,
        timestamp: '1',
        signature: 'x',
      }).map((json) => ({ json })),
      mutation({ type: 2, note: '<b>x</b>', url: 'https://example.com' }).map((json) => ({ json })),
    );
    await fc.assert(
      fc.asyncProperty(notes, fc.constantFrom(...paths), async (input, path) => {
        const result = await call(harness, 'POST', path, { token, ...input });
        if (result.status === 201) expect(result.body.success).toBe(true);
        else expectShipError(result, []);
      }),
      runs,
    );
  });

  const postToken = async (body: FormData | URLSearchParams, authorization?: string) => {
    const response = await fetch(`${harness.url}/oauth/token`, {
      method: 'POST',
      body,
      headers: authorization ? { authorization } : undefined,
    });
    expect([400, 401]).toContain(response.status);
    oauthErrorSchema.parse(await response.json());
  };

  it('token endpoint: arbitrary forms get RFC 6749 errors, never a 5xx', async () => {
    const field = fc.oneof(fc.string({ maxLength: 50 }), fc.string({ minLength: 5_000, maxLength: 10_000 }));
    // grant_type is mostly right, so the property reaches client authentication.
    const grantType = fc.oneof({ arbitrary: fc.constant('client_credentials'), weight: 3 }, { arbitrary: field, weight: 1 });
    const fields = fc.record(
      { grant_type: grantType, client_id: field, client_secret: field, ttl: field, scope: field },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fields, fc.boolean(), async (form, multipart) => {
        const body = multipart ? new FormData() : new URLSearchParams();
        for (const [key, value] of Object.entries(form)) if (value !== undefined) body.append(key, value);
        await postToken(body);
      }),
      runs,
    );
  });

  it('token endpoint: arbitrary HTTP Basic credentials get RFC 6749 errors, never a 5xx', async () => {
    // Text from the characters Basic decoding cares about, or raw bytes.
    const credentialText = fc.string({ unit: fc.constantFrom('%', ':', 'a', 'F', 'z', '0', '9', 'é', '+'), maxLength: 30 });
    const credentials = fc.oneof(
      credentialText.map((text) => Buffer.from(text, 'utf8')),
      fc.uint8Array({ maxLength: 80 }).map((bytes) => Buffer.from(bytes)),
    );
    await fc.assert(
      fc.asyncProperty(credentials, async (bytes) => {
        await postToken(new URLSearchParams({ grant_type: 'client_credentials' }), `Basic ${bytes.toString('base64')}`);
      }),
      runs,
    );
  });

  it('stored and published exactly what was accepted, nothing for what was refused', async () => {
    const collector = await collectOrderEvents(harness);
    await harness.running.relay.flush();
    await eventually(() => {
      expect(collector.events.filter((e) => e.type === 'OrderCreated')).toHaveLength(acceptedCreates);
      expect(collector.events.filter((e) => e.type === 'OrderCancelled')).toHaveLength(acceptedCancels);
      expect(collector.events.filter((e) => e.type.startsWith('Reservation'))).toHaveLength(0);
    });
    await collector.stop();
  });
});
