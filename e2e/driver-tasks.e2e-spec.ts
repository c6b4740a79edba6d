import { randomUUID } from 'node:crypto';
import { driverStepAnswerSchema } from '@delivery/contracts';
import { consoleSession } from './support/console-session';
import { aSignedInDriverOf } from './support/driver-phone';
import { aJpegTakenAt, aPng } from './support/proof-images';
import { aShipRequest } from './support/ship-request.fixture';
import { call, createOtherAccount, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

/**
 * A fleet's own drivers work its tasks from the driver app's API: a task dispatched to the
 * fleet is offered to every driver of it, the first to accept has it, and they take it to
 * the door step by step, as the fleet API would; Get Order names them.
 */
describe('Driver app: a task from offer to the door', () => {
  let harness: Harness;
  let admin: Awaited<ReturnType<typeof consoleSession>>;
  let caller: string;

  beforeAll(async () => {
    harness = await startHarness({ trustProxyHops: 1 });
    admin = await consoleSession(harness, 'admin');
    caller = await tokenFor(harness);
  });
  afterAll(() => harness.stop());

  /** A Same-Day order as the platform sends it, and the fleet it was dispatched to. */
  const anOrder = async () => {
    const { body } = await call(harness, 'POST', V1_ORDERS, { token: caller, json: aShipRequest() });
    const taskId = body.completedShipments[0].task_id as string;
    const order = (await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token: caller })).body.completedShipments[0];
    return {
      taskId,
      fleetId: order.fleet.id as number,
      pickup: order.way_points[0].id as string,
      dropoff: order.way_points[1].id as string,
    };
  };

  const aSignedInDriver = (fleetId: number, name: string, accountAdmin = admin) => aSignedInDriverOf(harness, accountAdmin, fleetId, name);

  it('offers a dispatched task to every driver of its fleet, gives it to the first who accepts, and takes it to the door step by step', async () => {
    const order = await anOrder();
    const ada = await aSignedInDriver(order.fleetId, 'Ada Driver');
    const grace = await aSignedInDriver(order.fleetId, 'Grace Driver');

    for (const driver of [ada, grace]) {
      expect((await driver.tasks()).find((t) => t.task_id === order.taskId)).toMatchObject({ part: 'offered', status: 'dispatched' });
    }
    // Not theirs yet: no step but accepting.
    const early = await grace.step(`${order.taskId}/start`);
    expect(early.status).toBe(409);
    expect(early.body.details.reason).toContain('accept it first');

    const accepted = await ada.step(`${order.taskId}/accept`);
    expect(accepted.status).toBe(200);
    expect(driverStepAnswerSchema.parse(accepted.body).task).toMatchObject({
      part: 'mine',
      status: 'assigned',
      driver: { name: 'Ada Driver', phone: ada.phone },
    });
    // The first to accept has it: the other's accept is refused, and the task leaves their list.
    const second = await grace.step(`${order.taskId}/accept`);
    expect(second.status).toBe(404);
    expect((await grace.tasks()).map((t) => t.task_id)).not.toContain(order.taskId);
    expect((await grace.device.as('GET', `/driver/api/tasks/${order.taskId}`)).status).toBe(404);

    // The caller's Get Order names the driver, as when a fleet names one through the fleet API.
    const named = (await call(harness, 'GET', `${V1_ORDERS}/${order.taskId}`, { token: caller })).body.completedShipments[0];
    expect(named.driver).toMatchObject({ name: 'Ada Driver', phone: ada.phone });

    expect((await ada.step(`${order.taskId}/start`)).body.task.status).toBe('en_route_to_pickup');
    expect((await ada.step(`${order.taskId}/way_points/${order.pickup}/arrive`)).body.task.status).toBe('at_pickup');
    expect((await ada.step(`${order.taskId}/way_points/${order.pickup}/complete`)).body.task.status).toBe('picked_up');
    expect((await ada.step(`${order.taskId}/start`)).body.task.status).toBe('en_route_to_dropoff');
    expect((await ada.step(`${order.taskId}/location`, { location: { lat: 40.1164, lng: -88.2434 } })).status).toBe(200);
    expect((await ada.step(`${order.taskId}/way_points/${order.dropoff}/arrive`)).body.task.status).toBe('at_dropoff');

    // The app's queue replays a step it is unsure of with its key: the first answer, nothing done twice.
    const key = randomUUID();
    const proof = { proof_of_delivery: { recipient_name: 'Front desk', note: 'Left with the concierge' } };
    const completed = await ada.step(`${order.taskId}/way_points/${order.dropoff}/complete`, proof, key);
    expect(completed.status).toBe(200);
    expect(completed.body.task.status).toBe('delivered');
    const replayed = await ada.step(`${order.taskId}/way_points/${order.dropoff}/complete`, proof, key);
    expect(replayed.body).toEqual(completed.body);
    const delivered = (await call(harness, 'GET', `${V1_ORDERS}/${order.taskId}`, { token: caller })).body.completedShipments[0];
    expect(delivered.status).toBe('delivered');
    // Done: it leaves the driver's list, and stays readable to them.
    expect((await ada.tasks()).map((t) => t.task_id)).not.toContain(order.taskId);
    expect((await ada.device.as('GET', `/driver/api/tasks/${order.taskId}`)).body.task.status).toBe('delivered');
  });

  it('keeps the photo and signature a driver uploads, without where the photo was taken, and shows them on Get Order by links that expire', async () => {
    const order = await anOrder();
    const ada = await aSignedInDriver(order.fleetId, 'Photo Driver');
    const upload = (kind: string, bytes: Buffer, key = randomUUID(), driver = ada) =>
      driver.device.as(
        'POST',
        `/driver/api/tasks/${order.taskId}/media/${kind}`,
        undefined,
        {
          'content-type': 'image/jpeg',
          'idempotency-key': key,
        },
        bytes,
      );
    // Not theirs yet: nothing is kept.
    expect((await upload('photo', aJpegTakenAt('40.1164N 88.2434W'))).status).toBe(409);
    await ada.step(`${order.taskId}/accept`);
    const key = randomUUID();
    const photo = await upload('photo', aJpegTakenAt('40.1164N 88.2434W'), key);
    expect(photo.status).toBe(201);
    expect(photo.body).toEqual({
      media: expect.stringMatching(new RegExp(`^media:demo/${order.taskId}/photo-[0-9a-f]{24}\\.jpg$`)),
      content_type: 'image/jpeg',
    });
    // Sent again from a dead zone's queue with its key: the same answer, one object.
    expect((await upload('photo', aJpegTakenAt('40.1164N 88.2434W'), key)).body).toEqual(photo.body);
    const signature = await upload('signature', aPng());
    expect(signature.body.content_type).toBe('image/png');
    // Whatever it claims, what is not a JPEG or PNG (or not a whole one) is refused; so is more than 4 MiB.
    expect((await upload('photo', Buffer.from('<svg onload="alert(1)"/>'))).status).toBe(415);
    expect((await upload('photo', aJpegTakenAt('x').subarray(0, 12))).status).toBe(415);
    expect((await upload('photo', Buffer.concat([aJpegTakenAt('x'), Buffer.alloc(4 * 1024 * 1024)]))).status).toBe(413);

    // Another task's upload cannot stand as this one's proof.
    const other = await anOrder();
    await ada.step(`${other.taskId}/accept`);
    const foreign = { proof_of_delivery: { photo_url: photo.body.media } };
    const refused = await ada.step(`${other.taskId}/way_points/${other.dropoff}/complete`, foreign);
    expect(refused.status).toBe(400);
    expect(refused.body.details.reason).toContain('names no upload of task');

    for (const path of ['start', `way_points/${order.pickup}/complete`, 'start', `way_points/${order.dropoff}/arrive`]) {
      const moved = await ada.step(`${order.taskId}/${path}`);
      expect({ status: moved.status, body: moved.status === 200 ? null : moved.body }).toEqual({ status: 200, body: null });
    }
    const proof = { proof_of_delivery: { recipient_name: 'Ada', photo_url: photo.body.media, signature_url: signature.body.media } };
    expect((await ada.step(`${order.taskId}/way_points/${order.dropoff}/complete`, proof)).body.task.status).toBe('delivered');

    const read = (await call(harness, 'GET', `${V1_ORDERS}/${order.taskId}`, { token: caller })).body.completedShipments[0];
    const shown = read.way_points[1].proof_of_delivery;
    expect(shown.photo_url).toMatch(
      new RegExp(`^${harness.url}/media/demo/${order.taskId}/photo-[0-9a-f]{24}\\.jpg\\?expires=\\d+&signature=`),
    );
    const served = await fetch(shown.photo_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(bytes.includes(Buffer.from('GPS'))).toBe(false);
    expect((await fetch(shown.signature_url)).headers.get('content-type')).toBe('image/png');

    // A link altered, or past its hour, reads nothing.
    expect((await fetch(shown.photo_url.replace(/signature=./, 'signature=A'))).status).toBe(404);
    expect((await fetch(shown.photo_url.replace(/photo-[0-9a-f]+/, 'photo-000000000000000000000000'))).status).toBe(404);
    harness.clock.advance(60 * 60 * 1000 + 1000);
    expect((await fetch(shown.photo_url)).status).toBe(404);
    // Read again, the order gives a fresh link (and the caller, whose token the hour outlived, a fresh token).
    caller = await tokenFor(harness);
    const again = (await call(harness, 'GET', `${V1_ORDERS}/${order.taskId}`, { token: caller })).body.completedShipments[0];
    expect((await fetch(again.way_points[1].proof_of_delivery.photo_url)).status).toBe(200);
  });

  it("keeps a photo's location where the account keeps it", async () => {
    await harness.running.accounts.setDeliveryPolicies('demo', { proofMedia: { retentionDays: 30, keepLocation: true } });
    try {
      const order = await anOrder();
      const driver = await aSignedInDriver(order.fleetId, 'Located Driver');
      await driver.step(`${order.taskId}/accept`);
      const photo = await driver.device.as(
        'POST',
        `/driver/api/tasks/${order.taskId}/media/photo`,
        undefined,
        { 'content-type': 'image/jpeg' },
        aJpegTakenAt('40.1164N 88.2434W'),
      );
      const key = (photo.body.media as string).replace(/^media:/, '');
      expect((await harness.running.proofMedia.get(key))!.bytes.includes(Buffer.from('GPS 40.1164N'))).toBe(true);
    } finally {
      await harness.running.accounts.setDeliveryPolicies('demo', { proofMedia: null });
    }
  });

  it('gives a task two drivers accept at the same moment to one of them only', async () => {
    const order = await anOrder();
    const drivers = [await aSignedInDriver(order.fleetId, 'Quick Driver'), await aSignedInDriver(order.fleetId, 'Quicker Driver')];
    const answers = await Promise.all(drivers.map((driver) => driver.step(`${order.taskId}/accept`)));
    const winners = answers.filter((a) => a.status === 200 && a.body.task?.part === 'mine');
    expect(winners).toHaveLength(1);
    // The other read the task before or after it was taken: not found for them, or refused as taken.
    expect([404, 409]).toContain(answers.find((a) => a !== winners[0])!.status);
    const named = (await call(harness, 'GET', `${V1_ORDERS}/${order.taskId}`, { token: caller })).body.completedShipments[0];
    expect(named.driver.name).toBe(winners[0]!.body.task.driver.name);
  });

  it('gives a fleet whose dispatcher assigns its tasks no offers: the dispatcher hands each to a driver, and may hand it to another', async () => {
    const order = await anOrder();
    const assignment = `/console/api/fleets/${order.fleetId}/driver-assignment`;
    const viewer = await consoleSession(harness, 'viewer');
    expect((await viewer.as('PUT', assignment, { json: { assignment: 'dispatcher' } })).status).toBe(403);
    expect((await admin.as('PUT', assignment, { json: { assignment: 'dispatcher' } })).status).toBe(200);
    try {
      const [ada, grace] = [await aSignedInDriver(order.fleetId, 'Assigned Driver'), await aSignedInDriver(order.fleetId, 'Other Driver')];
      expect((await admin.as('GET', `/console/api/fleets/${order.fleetId}/drivers`)).body.assignment).toBe('dispatcher');
      expect((await ada.tasks()).map((t) => t.task_id)).not.toContain(order.taskId);
      expect((await ada.step(`${order.taskId}/accept`)).status).toBe(404);

      const assign = (driverId: string, as = admin) =>
        as.as('POST', `/console/api/deliveries/${order.taskId}/driver`, { json: { driver_id: driverId } });
      expect((await assign(ada.driverId, viewer)).status).toBe(403);
      expect((await assign(ada.driverId)).status).toBe(200);
      expect((await ada.tasks()).find((t) => t.task_id === order.taskId)).toMatchObject({ part: 'mine', status: 'assigned' });
      expect((await grace.tasks()).map((t) => t.task_id)).not.toContain(order.taskId);
      // Handed to another: theirs now, and no longer the first's.
      expect((await assign(grace.driverId)).status).toBe(200);
      expect((await grace.tasks()).find((t) => t.task_id === order.taskId)?.part).toBe('mine');
      expect((await ada.tasks()).map((t) => t.task_id)).not.toContain(order.taskId);
      expect((await call(harness, 'GET', `${V1_ORDERS}/${order.taskId}`, { token: caller })).body.completedShipments[0].driver.name).toBe(
        'Other Driver',
      );
      // Another account's dispatcher reaches neither the delivery nor the driver.
      const stranger = await consoleSession(harness, 'admin', (await createOtherAccount(harness)).accountId);
      expect((await assign(ada.driverId, stranger)).status).toBe(404);
      expect((await assign('drv_unknown')).status).toBe(404);
    } finally {
      await admin.as('PUT', assignment, { json: { assignment: 'offer' } });
    }
  });

  it("shows a driver nothing of another fleet's or another account's tasks, and refuses a step without the session's CSRF token", async () => {
    const order = await anOrder();
    const fleets = (await admin.as('GET', '/console/api/fleets')).body.fleets as { id: number; connector: { kind: string } }[];
    const other = fleets.find((fleet) => fleet.id !== order.fleetId && ['rate-card', 'http'].includes(fleet.connector.kind));
    const strangerAdmin = await consoleSession(harness, 'admin', (await createOtherAccount(harness)).accountId);
    const strangerFleet = (await strangerAdmin.as('GET', '/console/api/fleets')).body.fleets as {
      id: number;
      connector: { kind: string };
    }[];
    const outsiders = [
      ...(other ? [await aSignedInDriver(other.id, 'Other Fleet Driver')] : []),
      ...(strangerFleet.some((f) => f.connector.kind === 'rate-card')
        ? [await aSignedInDriver(strangerFleet.find((f) => f.connector.kind === 'rate-card')!.id, 'Stranger', strangerAdmin)]
        : []),
    ];
    expect(outsiders.length).toBeGreaterThan(0);
    for (const outsider of outsiders) {
      expect((await outsider.tasks()).map((t) => t.task_id)).not.toContain(order.taskId);
      expect((await outsider.device.as('GET', `/driver/api/tasks/${order.taskId}`)).status).toBe(404);
      expect((await outsider.step(`${order.taskId}/accept`)).status).toBe(404);
    }
    const ada = await aSignedInDriver(order.fleetId, 'Careful Driver');
    const forged = await ada.device.as('POST', `/driver/api/tasks/${order.taskId}/accept`, {}, { 'x-csrf-token': 'forged' });
    expect(forged.status).toBe(403);
    expect((await ada.tasks()).find((t) => t.task_id === order.taskId)?.part).toBe('offered');
  });
});
