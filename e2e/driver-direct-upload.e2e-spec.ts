import { S3ProofMediaStore } from '@delivery/proof-media/s3';
import { startS3Server, type ThrowAwayS3 } from '@delivery/testing/s3';
import { consoleSession } from './support/console-session';
import { aSignedInDriverOf } from './support/driver-phone';
import { aJpegTakenAt } from './support/proof-images';
import { aShipRequest } from './support/ship-request.fixture';
import { call, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

/**
 * Proofs kept in S3 (a real S3 API, s3rver): the phone PUTs its photo straight to the bucket
 * by a presigned URL, and the gateway checks it and keeps it as the proof only when asked to
 * finish it; until then no completion may name it.
 */
describe('Driver app: a photo uploaded straight to S3', () => {
  let s3: ThrowAwayS3;
  let store: S3ProofMediaStore;
  let harness: Harness;
  let caller: string;
  let admin: Awaited<ReturnType<typeof consoleSession>>;

  beforeAll(async () => {
    s3 = await startS3Server('proofs');
    store = new S3ProofMediaStore({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      credentials: s3.credentials,
      timeoutMs: 5_000,
    });
    harness = await startHarness({ trustProxyHops: 1, proofMedia: store });
    caller = await tokenFor(harness);
    admin = await consoleSession(harness, 'admin');
  });
  afterAll(async () => {
    await harness.stop();
    await s3.stop();
  });

  const anAcceptedTask = async (name: string) => {
    const { body } = await call(harness, 'POST', V1_ORDERS, { token: caller, json: aShipRequest() });
    const taskId = body.completedShipments[0].task_id as string;
    const order = (await call(harness, 'GET', `${V1_ORDERS}/${taskId}`, { token: caller })).body.completedShipments[0];
    const driver = await aSignedInDriverOf(harness, admin, order.fleet.id, name);
    expect((await driver.step(`${taskId}/accept`)).status).toBe(200);
    return { taskId, dropoff: order.way_points[1].id as string, pickup: order.way_points[0].id as string, driver };
  };
  const direct = (task: Awaited<ReturnType<typeof anAcceptedTask>>, contentType = 'image/jpeg') =>
    task.driver.step(`${task.taskId}/media/photo/upload-url`, { content_type: contentType });
  const put = (url: string, bytes: Buffer, contentType = 'image/jpeg') =>
    fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } });

  it('keeps the photo only once the gateway has checked it (no location, a key of its own), and proves the delivery with it', async () => {
    const task = await anAcceptedTask('Direct Driver');
    const granted = await direct(task);
    expect(granted.status).toBe(200);
    expect(granted.body.upload_url).toMatch(new RegExp(`^${s3.endpoint}/proofs/demo/${task.taskId}/pending-photo-`));
    const pending = granted.body.pending as string;
    expect((await put(granted.body.upload_url, aJpegTakenAt('40.1164N 88.2434W'))).status).toBe(200);

    for (const path of ['start', `way_points/${task.pickup}/complete`, 'start', `way_points/${task.dropoff}/arrive`]) {
      expect((await task.driver.step(`${task.taskId}/${path}`)).status).toBe(200);
    }
    // Not checked yet: no completion may name it.
    const early = await task.driver.step(`${task.taskId}/way_points/${task.dropoff}/complete`, {
      proof_of_delivery: { photo_url: pending },
    });
    expect(early.status).toBe(400);

    const finished = await task.driver.step(`${task.taskId}/media/photo/finish`, { pending });
    expect(finished.status).toBe(201);
    expect(finished.body).toEqual({
      media: expect.stringMatching(new RegExp(`^media:demo/${task.taskId}/photo-`)),
      content_type: 'image/jpeg',
    });
    const kept = await store.get((finished.body.media as string).slice('media:'.length));
    expect(kept!.bytes.includes(Buffer.from('GPS'))).toBe(false);
    expect(await store.get(pending.slice('media:'.length))).toBeNull();
    // Finished once: again, there is nothing to finish.
    expect((await task.driver.step(`${task.taskId}/media/photo/finish`, { pending })).status).toBe(400);

    const done = await task.driver.step(`${task.taskId}/way_points/${task.dropoff}/complete`, {
      proof_of_delivery: { photo_url: finished.body.media },
    });
    expect(done.body.task.status).toBe('delivered');
    const read = (await call(harness, 'GET', `${V1_ORDERS}/${task.taskId}`, { token: caller })).body.completedShipments[0];
    const served = await fetch(read.way_points[1].proof_of_delivery.photo_url);
    expect({ status: served.status, type: served.headers.get('content-type') }).toEqual({ status: 200, type: 'image/jpeg' });
  });

  it("refuses what is not a whole image once uploaded, removing it, and another task's upload", async () => {
    const task = await anAcceptedTask('Careless Driver');
    const granted = await direct(task);
    expect((await put(granted.body.upload_url, Buffer.from('<svg onload="alert(1)"/>'))).status).toBe(200);
    const refused = await task.driver.step(`${task.taskId}/media/photo/finish`, { pending: granted.body.pending });
    expect(refused.status).toBe(415);
    expect(await store.get((granted.body.pending as string).slice('media:'.length))).toBeNull();

    const other = await anAcceptedTask('Other Driver');
    const theirs = await direct(other);
    expect((await put(theirs.body.upload_url, aJpegTakenAt('x'))).status).toBe(200);
    expect((await task.driver.step(`${task.taskId}/media/photo/finish`, { pending: theirs.body.pending })).status).toBe(400);
    // Only the types a proof may be are granted a URL.
    expect((await direct(task, 'image/svg+xml')).status).toBe(400);
  });

  it("lets the app's page reach the bucket, and nothing else beyond us", async () => {
    const page = await fetch(`${harness.url}/driver/`);
    expect(page.headers.get('content-security-policy')).toContain(`connect-src 'self' ${new URL(s3.endpoint).origin};`);
  });
});
