import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OnfleetOrganisationFixture {
  apiKey: string;
  /** The organisation's webhook secret, hexadecimal as Onfleet's dashboard shows it. */
  webhookSecret: string;
}

export interface OnfleetCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
  authorized: boolean;
}

export interface OnfleetWorkerFixture {
  id: string;
  name: string;
  phone?: string;
}

/** Onfleet's page of `GET /tasks/all`. */
const LIST_PAGE = 64;

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/**
 * Onfleet's API v2 on the loopback, as Onfleet documents it: HTTP Basic with the API key as
 * user name and no password; tasks made with a destination and recipients, read and removed
 * by Onfleet's id (removed only before the driver starts), listed since a time (`GET
 * /tasks/all?from=`, 64 a page, `lastId` to go on); webhooks `{ triggerName, taskId,
 * data: { task, worker } }` signed with HMAC-SHA512 of the body, keyed by the webhook secret
 * decoded from hex, in `X-Onfleet-Signature`.
 */
export async function startOnfleetFake(organisation: OnfleetOrganisationFixture, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const calls: OnfleetCall[] = [];
  const tasks = new Map<string, Record<string, unknown>>();
  let refusals: { status: number; body?: unknown }[] = [];
  let answersToLose = 0;
  const expected = `Basic ${Buffer.from(`${organisation.apiKey}:`).toString('base64')}`;

  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      const authorized = req.headers.authorization === expected;
      calls.push({ method: req.method ?? '', path, body, authorized });
      if (!authorized)
        return json(res, 401, { code: 'InvalidCredentials', message: { error: 1102, message: 'The API key provided is invalid.' } });
      if (req.method === 'POST' && path === '/api/v2/tasks') {
        const refusal = refusals.shift();
        if (refusal) return json(res, refusal.status, refusal.body ?? { code: 'InvalidArgument' });
        const destination = body.destination as { address?: { unparsed?: string } } | undefined;
        if (!destination?.address?.unparsed)
          return json(res, 400, { code: 'InvalidArgument', message: { message: 'destination is required' } });
        // Onfleet validates a recipient's phone unless skipPhoneNumberValidation is set (docs.onfleet.com, "Recipients").
        const recipients = (body.recipients ?? []) as { phone?: string }[];
        if (recipients.some((recipient) => !/^\+[1-9]\d{6,14}$/.test(recipient.phone ?? '')))
          return json(res, 400, { code: 'InvalidArgument', message: { message: 'the recipient phone number is invalid' } });
        const id = randomBytes(12).toString('base64url');
        const task = {
          id,
          shortId: id.slice(0, 8),
          timeCreated: now(),
          timeLastModified: now(),
          state: 0,
          worker: null,
          destination,
          recipients: body.recipients ?? [],
          completeAfter: body.completeAfter ?? null,
          completeBefore: body.completeBefore ?? null,
          notes: body.notes ?? '',
          requirements: body.requirements ?? { signature: false, photo: false, notes: false, minimumAge: 0 },
          barcodes: body.barcodes ?? [],
          metadata: body.metadata ?? [],
          trackingURL: `https://onf.lt/${id.slice(0, 10)}`,
          eta: null,
          completionDetails: {
            success: false,
            notes: '',
            failureReason: 'NONE',
            failureNotes: '',
            photoUploadIds: [],
            signatureUploadId: null,
            events: [],
          },
        };
        tasks.set(id, task);
        if (answersToLose > 0) {
          answersToLose -= 1;
          return res.destroy();
        }
        return json(res, 200, task);
      }
      const list = /^\/api\/v2\/tasks\/all\?(.*)$/.exec(path);
      if (req.method === 'GET' && list) {
        const query = new URLSearchParams(list[1]);
        const from = Number(query.get('from'));
        if (!query.has('from') || !Number.isFinite(from))
          return json(res, 400, { code: 'InvalidArgument', message: { message: 'from is required' } });
        const since = [...tasks.values()].filter((t) => Number(t.timeCreated) >= from);
        const start = query.has('lastId') ? since.findIndex((t) => t.id === query.get('lastId')) + 1 : 0;
        const page = since.slice(start, start + LIST_PAGE);
        const more = start + LIST_PAGE < since.length;
        return json(res, 200, { tasks: page, ...(more && { lastId: page.at(-1)!.id }) });
      }
      const one = /^\/api\/v2\/tasks\/([^/?]+)$/.exec(path);
      const found = one ? tasks.get(decodeURIComponent(one[1]!)) : undefined;
      if (one && !found) return json(res, 404, { code: 'ResourceNotFound', message: { message: 'The task does not exist' } });
      if (found && req.method === 'GET') return json(res, 200, found);
      if (found && req.method === 'DELETE') {
        if (Number(found.state) >= 2) return json(res, 400, { code: 'InvalidArgument', message: { message: 'The task is started' } });
        tasks.delete(String(found.id));
        return res.writeHead(200).end();
      }
      return json(res, 404, { code: 'ResourceNotFound' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const ours = (taskId: string) =>
    [...tasks.values()].find((t) => (t.metadata as { name: string; value: unknown }[]).some((m) => m.value === taskId));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    /** Onfleet's task made for our task, found by the metadata we gave it. */
    ours,
    /** Onfleet makes the next task, and its answer is lost on the way (the connection drops). */
    loseNextAnswer: () => {
      answersToLose += 1;
    },
    refuseNext: (...next: { status: number; body?: unknown }[]) => {
      refusals = next;
    },
    /** The task moves on in Onfleet: its state (0 to 3), its worker, how it completed. */
    progress: (
      taskId: string,
      state: number,
      change: {
        worker?: string;
        success?: boolean;
        notes?: string;
        eta?: number;
        photoUploadIds?: string[];
        signatureUploadId?: string;
        /** A failed completion's reason, one of the organisation's own (its dashboard's "task completion reasons"), and the driver's notes. */
        failureReason?: string;
        failureNotes?: string;
      } = {},
    ) => {
      const task = ours(taskId);
      if (!task) throw new Error(`the fake has no task for ${taskId}`);
      Object.assign(
        task,
        { state, timeLastModified: now() },
        change.worker && { worker: change.worker },
        change.eta && { eta: change.eta },
      );
      if (change.success !== undefined) {
        Object.assign(task.completionDetails as object, {
          success: change.success,
          notes: change.notes ?? '',
          time: now(),
          ...(change.photoUploadIds && { photoUploadIds: change.photoUploadIds }),
          ...(change.signatureUploadId && { signatureUploadId: change.signatureUploadId }),
          ...(change.failureReason && { failureReason: change.failureReason }),
          ...(change.failureNotes && { failureNotes: change.failureNotes }),
        });
      }
    },
    /** Posts a webhook of the trigger, as Onfleet does, signed with the secret (or `secret` instead). */
    webhook: async (
      url: string,
      triggerName: string,
      taskId: string,
      worker?: OnfleetWorkerFixture,
      secret = organisation.webhookSecret,
    ) => {
      const task = ours(taskId)!;
      const body = JSON.stringify({
        time: now(),
        triggerName,
        taskId: task.id,
        ...(worker && { workerId: worker.id }),
        data: { task, ...(worker && { worker }) },
      });
      const signature = createHmac('sha512', Buffer.from(secret, 'hex')).update(body).digest('hex');
      return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-onfleet-signature': signature }, body });
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
