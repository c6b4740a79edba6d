import type { OnfleetConnector } from '@delivery/accounts';
import type { OutboundClient } from '@delivery/outbound';
import { z } from 'zod';
import { CallBudget, type BudgetStore } from '../call-budget';
import { callCourier, type CourierAnswer, type CourierRequest } from '../courier-call';
import { noteCredentials } from '../courier-credentials';
import { budgetKeyOf, courierIdentityOf, type CourierFleet } from '../courier-fleet';

/** Onfleet's `metadata` entry that names our task on its task. */
export const ONFLEET_TASK_METADATA = 'deliveryTaskId';

/**
 * Where Onfleet serves a worker's upload (a completion photo, a signature) by its id, at 800
 * pixels: Onfleet's CDN address, as its documentation gives it and integrations use it.
 */
export const onfleetUploadUrl = (uploadId: string) => `https://d15p8tr8p0vffz.cloudfront.net/${encodeURIComponent(uploadId)}/800x.png`;

/** A task as Onfleet's API answers it (and its webhooks carry it in `data.task`): what we read. */
export const onfleetTaskSchema = z.looseObject({
  id: z.string(),
  /** 0 unassigned, 1 assigned, 2 active (started), 3 completed. */
  state: z.number().int(),
  worker: z.string().nullish(),
  eta: z.number().nullish(),
  metadata: z.array(z.looseObject({ name: z.string(), value: z.unknown() })).optional(),
  completionDetails: z
    .looseObject({
      success: z.boolean().optional(),
      notes: z.string().optional(),
      photoUploadIds: z.array(z.string()).optional(),
      signatureUploadId: z.string().nullish(),
      /** The driver's reason, one of the organisation's own "task completion reasons" (docs.onfleet.com shows `NONE`), and notes. */
      failureReason: z.string().optional(),
      failureNotes: z.string().optional(),
    })
    .optional(),
});
export type OnfleetTask = z.infer<typeof onfleetTaskSchema>;

/** A page of `GET /tasks/all`: `lastId` names where the next page starts, absent on the last. */
const onfleetTaskListSchema = z.looseObject({ lastId: z.string().nullish(), tasks: z.array(onfleetTaskSchema) });

/** Our task's id, as the metadata we gave Onfleet's task names it. */
export const taskIdOf = (task: OnfleetTask) => {
  const value = task.metadata?.find((m) => m.name === ONFLEET_TASK_METADATA)?.value;
  return typeof value === 'string' ? value : null;
};

/** The fields of `TaskCreate` we send. */
export interface OnfleetTaskInput {
  destination: { address: { unparsed: string } };
  recipients: { name: string; phone: string }[];
  /** Epoch milliseconds: the reserved window, when there is one. */
  completeAfter?: number;
  completeBefore?: number;
  notes?: string;
  requirements?: { signature: boolean; photo: boolean; minimumAge?: number };
  /** Base64 of each barcode's data. */
  barcodes?: { data: string; blockCompletion: boolean }[];
  metadata: { name: string; type: 'string'; value: string; visibility: ['api'] }[];
}

const REFUSALS: Record<number, string> = {
  400: 'Onfleet refused the task as asked: an address it cannot place, or a detail it needs',
  401: "Onfleet refused the fleet's API key",
  403: "Onfleet refused the fleet's API key",
  404: 'Onfleet knows no such task',
  409: 'Onfleet cannot change this task now',
};
const DELETE_REFUSALS: Record<number, string> = { ...REFUSALS, 400: 'Onfleet no longer lets this task be removed: its driver started it' };

/** Pages of 64 tasks (Onfleet's page size) read when looking for a task we may have made: a busy organisation's minutes. */
const FIND_PAGES = 4;

/** Onfleet's published limit is 20 requests a second per organisation; we keep well under it. */
export const ONFLEET_CALLS_PER_MINUTE = 600;

/** An Onfleet fleet: its API key, and whose budget its calls spend. */
export type OnfleetFleet = CourierFleet<OnfleetConnector>;

/** Onfleet's API v2 (`/api/v2`) through the outbound policy, with HTTP Basic: the API key as user name, as Onfleet documents. */
export class OnfleetClient {
  private readonly budget: CallBudget;

  constructor(
    private readonly client: OutboundClient,
    private readonly budgets: BudgetStore,
  ) {
    this.budget = new CallBudget(budgets, 'onfleet', ONFLEET_CALLS_PER_MINUTE, 60_000, Date.now);
  }

  createTask(fleet: OnfleetFleet, input: OnfleetTaskInput): Promise<CourierAnswer<OnfleetTask>> {
    return this.call(fleet, onfleetTaskSchema, { method: 'POST', path: 'tasks', body: input });
  }

  getTask(fleet: OnfleetFleet, id: string): Promise<CourierAnswer<OnfleetTask>> {
    return this.call(fleet, onfleetTaskSchema, { method: 'GET', path: `tasks/${encodeURIComponent(id)}` });
  }

  /**
   * Our task's Onfleet task made since `since` (epoch ms), or null: Onfleet takes no
   * idempotency key, so a dispatch tried again after an answer that never came looks for the
   * task it may have made (`GET /tasks/all`, by the metadata naming ours) before making one.
   */
  async findTask(fleet: OnfleetFleet, taskId: string, since: number): Promise<CourierAnswer<OnfleetTask | null>> {
    let lastId: string | null | undefined;
    for (let page = 0; page < FIND_PAGES; page += 1) {
      const query = new URLSearchParams({ from: String(since), ...(lastId && { lastId }) });
      const answer = await this.call(fleet, onfleetTaskListSchema, { method: 'GET', path: `tasks/all?${query}` });
      if (!answer.ok) return answer;
      const found = answer.value.tasks.find((task) => taskIdOf(task) === taskId);
      if (found) return { ok: true, value: found };
      lastId = answer.value.lastId;
      if (!lastId) break;
    }
    return { ok: true, value: null };
  }

  /** Onfleet removes a task its driver has not started; nothing is read from the answer. */
  deleteTask(fleet: OnfleetFleet, id: string): Promise<CourierAnswer<unknown>> {
    return this.call(fleet, null, { method: 'DELETE', path: `tasks/${encodeURIComponent(id)}` }, DELETE_REFUSALS);
  }

  private async call<S extends z.ZodType>(
    fleet: OnfleetFleet,
    schema: S | null,
    request: { method: CourierRequest['method']; path: string; body?: unknown },
    refusals = REFUSALS,
  ): Promise<CourierAnswer<z.infer<S>>> {
    const settings = fleet.connector;
    const answer = await callCourier(
      { client: this.client, budget: this.budget },
      { network: 'Onfleet', key: budgetKeyOf(fleet, courierIdentityOf(settings)!), refusals, schema, what: 'a task' },
      {
        url: `${settings.baseUrl.replace(/\/+$/, '')}/api/v2/${request.path}`,
        method: request.method,
        headers: { authorization: `Basic ${Buffer.from(`${settings.apiKey}:`).toString('base64')}` },
        body: request.body,
        timeoutMs: settings.timeoutMs,
      },
    );
    return noteCredentials(this.budgets, fleet, answer);
  }
}
