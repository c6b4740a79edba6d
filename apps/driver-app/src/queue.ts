import { call, Offline, reasonOf, type Answer } from './api';
import { store, type QueuedStep, type RefusedStep } from './store';

/** Where the queue stands, for the screen: steps waiting, steps refused, and whether it is sending. */
export interface QueueState {
  waiting: QueuedStep[];
  refused: RefusedStep[];
  sending: boolean;
  /** Why the last send stopped short: offline, signed out, or the server asking to wait. */
  stalled: 'offline' | 'signed-out' | 'later' | null;
}

type Listener = (state: QueueState) => void;
const listeners = new Set<Listener>();
let state: QueueState = { waiting: [], refused: [], sending: false, stalled: null };
let running: Promise<void> | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;

async function publish(change: Partial<QueueState> = {}) {
  const database = await store();
  state = { ...state, ...change, waiting: await database.getAll('queue'), refused: await database.getAll('refused') };
  listeners.forEach((listener) => listener(state));
}

/** Where the queue stands now (as of its last change). */
export const queueNow = () => state;

export function watchQueue(listener: Listener): () => void {
  listeners.add(listener);
  listener(state);
  return () => listeners.delete(listener);
}

/** Keeps the step on the phone first, then sends what waits, in order. Its seq, for later steps to name its upload. */
export async function enqueue(step: Omit<QueuedStep, 'createdAt' | 'key'>): Promise<number> {
  const seq = await (await store()).add('queue', { ...step, key: crypto.randomUUID(), createdAt: new Date().toISOString() });
  await publish();
  void flush();
  return seq;
}

export async function dismissRefused(seq: number): Promise<void> {
  await (await store()).delete('refused', seq);
  await publish();
}

/**
 * A photo or signature: straight to the store where it gives a URL to PUT to (S3), then
 * finished by the gateway, which checks it; else through the gateway. Each try asks a URL of
 * its own (one may have expired); the finish carries the step's key, so a lost answer is
 * replayed, not redone.
 */
async function upload(step: QueuedStep, bytes: Blob): Promise<Answer<{ media?: string }>> {
  const direct = await call<{ upload_url: string | null; pending: string | null }>('POST', `${step.path}/upload-url`, {
    json: { content_type: bytes.type },
  });
  // A refusal (the task taken from the driver, a session ended) goes to the queue as it came.
  if (direct.status !== 200) return direct as Answer<never>;
  if (!direct.body.upload_url) return call('POST', step.path, { bytes, key: step.key });
  let put: Response;
  try {
    put = await fetch(direct.body.upload_url, { method: 'PUT', body: bytes, headers: { 'content-type': bytes.type } });
  } catch {
    throw new Offline('no network');
  }
  // The store said no (a URL that expired while the phone was away): try again later, with a new one.
  if (!put.ok) return { status: 503, body: {}, retryAfterS: 5 };
  return call('POST', `${step.path}/finish`, { json: { pending: direct.body.pending }, key: step.key });
}

/** What a step sends: its body with the media its uploads answered filled in; null when an upload it needs was refused. */
async function bodyOf(step: QueuedStep): Promise<Record<string, unknown> | null | undefined> {
  if (!step.fills?.length) return step.json;
  const database = await store();
  const proof = { ...((step.json?.proof_of_delivery as Record<string, unknown>) ?? {}) };
  for (const { field, upload } of step.fills) {
    const media = await database.get('uploaded', upload);
    if (!media) return null;
    proof[field] = media;
  }
  return { ...step.json, proof_of_delivery: proof };
}

async function refuse(step: QueuedStep, reason: string) {
  const database = await store();
  await database.add('refused', { taskId: step.taskId, label: step.label, reason, at: new Date().toISOString() });
  await database.delete('queue', step.seq!);
}

/**
 * Sends the waiting steps one at a time, oldest first, each with its own Idempotency-Key:
 * a step whose answer was lost is sent again and done once. It stops at the first the
 * network cannot carry (and goes on when it returns), and waits when the server says so;
 * a step the server refuses is kept among the refused, for the driver to see, and the next goes.
 */
export function flush(): Promise<void> {
  running ??= (async () => {
    try {
      if (retry) clearTimeout(retry);
      await publish({ sending: true, stalled: null });
      const database = await store();
      for (;;) {
        const step = (await database.getAll('queue', undefined, 1))[0];
        if (!step) return await publish({ sending: false, stalled: null });
        const body = await bodyOf(step);
        if (body === null) {
          await refuse(step, 'the photo or signature it needs was not kept');
          continue;
        }
        const answer = step.bytes
          ? await upload(step, step.bytes)
          : await call<{ media?: string }>(step.method, step.path, { json: body ?? {}, key: step.key });
        if (answer.status === 401) return await publish({ sending: false, stalled: 'signed-out' });
        const inProgress = answer.status === 409 && reasonOf(answer).includes('still being answered');
        if (answer.status === 429 || answer.status >= 500 || inProgress) {
          retry = setTimeout(() => void flush(), (answer.retryAfterS ?? 5) * 1000);
          return await publish({ sending: false, stalled: 'later' });
        }
        if (answer.status >= 400) {
          await refuse(step, reasonOf(answer));
        } else {
          if (step.bytes && answer.body?.media) await database.put('uploaded', answer.body.media, step.seq!);
          await database.delete('queue', step.seq!);
        }
        await publish();
      }
    } catch (error) {
      if (!(error instanceof Offline)) throw error;
      await publish({ sending: false, stalled: 'offline' });
    } finally {
      running = null;
    }
  })();
  return running;
}

// The network back: send what waited.
addEventListener('online', () => void flush());
