import type { RequestHandler } from 'express';
import { z } from 'zod';
import {
  DomainError,
  fleetCompleteRequestSchema,
  fleetDriverRequestSchema,
  fleetFailRequestSchema,
  fleetLocationRequestSchema,
  fleetRejectRequestSchema,
  fleetTaskListQuerySchema,
} from '@delivery/contracts';
import type { FleetActionRequestInput } from '@delivery/rpc';
import { principalOf } from '../auth/bearer-auth';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { validate } from '../http/validate';
import { toFleetTaskView } from '../mappers/fleet-task.mapper';

const id = z.string().min(1).max(200);
const taskParamsSchema = z.object({ taskId: id });
const wayPointParamsSchema = z.object({ taskId: id, wayPointId: id });

/** Every fleet API call is one report on one task: the route reads it, order-lifecycle applies it. */
export type Report = Omit<FleetActionRequestInput, 'accountId' | 'fleetId' | 'correlationId' | 'taskId'>;

function fleetReport(orders: OrderLifecycleGateway, read: (req: Parameters<RequestHandler>[0]) => Report): RequestHandler {
  return async (req, res) => {
    const { taskId } = validate(taskParamsSchema, req.params);
    const { accountId, fleetId } = principalOf(res.locals);
    const { task, changed } = await orders.applyFleetAction({
      accountId,
      fleetId: fleetId!,
      correlationId: res.locals.correlationId,
      taskId,
      ...read(req),
    });
    res.json({ success: true, changed, task: task ? toFleetTaskView(task) : null });
  };
}

const wayPointOf = (req: Parameters<RequestHandler>[0]) => validate(wayPointParamsSchema, req.params).wayPointId;

/** The tasks the fleet has in hand, first dispatched first, a page at a time. */
export function listFleetTasksRoute(orders: OrderLifecycleGateway): RequestHandler {
  return async (req, res) => {
    const { limit, cursor } = validate(fleetTaskListQuerySchema, req.query);
    const { accountId, fleetId } = principalOf(res.locals);
    const page = await orders.listFleetTasks({ accountId, fleetId: fleetId!, limit, cursor });
    res.json({ success: true, tasks: page.tasks.map(toFleetTaskView), next_cursor: page.nextCursor ?? null });
  };
}

/**
 * A task dispatched to the fleet, by task or shipment id, also once it ended; a task of
 * another fleet or account is not found, exactly like an unknown id (the fleet API and the
 * driver app alike).
 */
export async function taskWithFleet(orders: OrderLifecycleGateway, fleet: { accountId: string; fleetId: number }, taskId: string) {
  const notFound = new DomainError('TASK_NOT_FOUND', `No task found for id ${taskId}`);
  const { task } = await orders
    .getOrder({ accountId: fleet.accountId, id: taskId, includeDocumentContent: false })
    .catch((error: unknown) => {
      throw error instanceof DomainError && error.code === 'ORDER_NOT_FOUND' ? notFound : error;
    });
  if (!task || task.dispatch?.fleetId !== fleet.fleetId) throw notFound;
  return task;
}

/** A task dispatched to the fleet, as the fleet sees it: also once it is delivered, failed or cancelled, so the fleet learns how it ended. */
export function getFleetTaskRoute(orders: OrderLifecycleGateway): RequestHandler {
  return async (req, res) => {
    const { taskId } = validate(taskParamsSchema, req.params);
    const { accountId, fleetId } = principalOf(res.locals);
    const task = await taskWithFleet(orders, { accountId, fleetId: fleetId! }, taskId);
    res.json({ success: true, changed: false, task: toFleetTaskView(task) });
  };
}

type ProofGiven = z.infer<typeof fleetCompleteRequestSchema>['proof_of_delivery'];

/** The proof of a completion, as the fleet API and the driver app send it. */
export const proofOfDeliveryOf = (proof: ProofGiven): Report['proofOfDelivery'] =>
  proof
    ? {
        recipientName: proof.recipient_name ?? undefined,
        signatureUrl: proof.signature_url ?? undefined,
        photoUrl: proof.photo_url ?? undefined,
        note: proof.note ?? undefined,
        pin: proof.pin ?? undefined,
        idChecked: proof.id_checked ?? undefined,
        recipientBirthDate: proof.recipient_birth_date ?? undefined,
        barcodes: proof.barcodes ?? [],
      }
    : undefined;

/**
 * A step on a task read from its request, one definition for the fleet API and the driver
 * app: what each takes from the path and the body, checked by the fleet API's schemas.
 */
export const STEP_OF = {
  reject: (req): Report => ({ kind: 'REJECT', reason: validate(fleetRejectRequestSchema, req.body).reason }),
  start: (): Report => ({ kind: 'START' }),
  location: (req): Report => {
    const { location, etas } = validate(fleetLocationRequestSchema, req.body);
    return {
      kind: 'UPDATE_LOCATION',
      lat: location?.lat,
      lng: location?.lng,
      etas: (etas ?? []).map((e) => ({ wayPointId: e.way_point_id, eta: e.eta! })),
    };
  },
  return: (): Report => ({ kind: 'RETURN' }),
  arrive: (req): Report => ({ kind: 'ARRIVE', wayPointId: wayPointOf(req) }),
  complete: (req): Report => ({
    kind: 'COMPLETE',
    wayPointId: wayPointOf(req),
    proofOfDelivery: proofOfDeliveryOf(validate(fleetCompleteRequestSchema, req.body ?? {}).proof_of_delivery),
  }),
  fail: (req): Report => {
    const body = validate(fleetFailRequestSchema, req.body);
    return { kind: 'FAIL', wayPointId: wayPointOf(req), reason: body.reason ?? undefined, failureCode: body.reason_code ?? undefined };
  },
} satisfies Record<string, (req: Parameters<RequestHandler>[0]) => Report>;

export const fleetActionRoutes = (orders: OrderLifecycleGateway) => ({
  accept: fleetReport(orders, () => ({ kind: 'ACCEPT' })),
  driver: fleetReport(orders, (req) => {
    const driver = validate(fleetDriverRequestSchema, req.body);
    return { kind: 'ASSIGN_DRIVER', driver: { name: driver.name, phone: driver.phone ?? undefined, vehicle: driver.vehicle ?? undefined } };
  }),
  reject: fleetReport(orders, STEP_OF.reject),
  start: fleetReport(orders, STEP_OF.start),
  location: fleetReport(orders, STEP_OF.location),
  return: fleetReport(orders, STEP_OF.return),
  arrive: fleetReport(orders, STEP_OF.arrive),
  complete: fleetReport(orders, STEP_OF.complete),
  fail: fleetReport(orders, STEP_OF.fail),
});
