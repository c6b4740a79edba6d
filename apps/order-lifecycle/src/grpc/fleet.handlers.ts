import { DomainError } from '@delivery/contracts';
import type { FleetActionRequestMessage, ListFleetTasksRequestMessage } from '@delivery/rpc';
import { FLEET_TASK_PAGE, reportFromFleet, tasksWithFleet, type FleetReportDeps } from '../domain/fleet-reports';
import type { FleetAction } from '../domain/task-lifecycle';
import { taskToMessage } from './task.mapper';

function required<T>(value: T | null | undefined, name: string): T {
  if (value === null || value === undefined || value === '')
    throw new DomainError('VALIDATION_FAILED', `Invalid request: ${name} is required`);
  return value;
}

/** The fleet's report as the domain reads it; what each kind needs is checked here, at the edge. */
export function fleetActionFromMessage(request: FleetActionRequestMessage): FleetAction {
  const wayPointId = () => required(request.wayPointId, 'way_point_id');
  const proof = request.proofOfDelivery;
  switch (request.kind) {
    case 'ACCEPT':
      return { kind: 'accept' };
    case 'REJECT':
      return { kind: 'reject', reason: required(request.reason, 'reason') };
    case 'ASSIGN_DRIVER': {
      const driver = required(request.driver, 'driver');
      return {
        kind: 'assignDriver',
        driver: { name: required(driver.name, 'driver.name'), phone: driver.phone ?? null, vehicle: driver.vehicle ?? null },
      };
    }
    case 'START':
      return { kind: 'start' };
    case 'ARRIVE':
      return { kind: 'arrive', wayPointId: wayPointId() };
    case 'COMPLETE':
      return {
        kind: 'complete',
        wayPointId: wayPointId(),
        proof: proof
          ? {
              recipientName: proof.recipientName ?? null,
              signatureUrl: proof.signatureUrl ?? null,
              photoUrl: proof.photoUrl ?? null,
              note: proof.note ?? null,
            }
          : null,
      };
    case 'FAIL':
      return { kind: 'fail', wayPointId: wayPointId(), reason: required(request.reason, 'reason') };
    case 'RETURN':
      return { kind: 'return' };
    case 'UPDATE_LOCATION': {
      const location = request.lat !== undefined && request.lng !== undefined ? { lat: request.lat, lng: request.lng } : null;
      return { kind: 'updateLocation', location, etas: request.etas.map((e) => ({ wayPointId: e.wayPointId, eta: e.eta })) };
    }
    case 'FLEET_ACTION_KIND_UNSPECIFIED':
      throw new DomainError('VALIDATION_FAILED', 'Invalid request: the fleet action names no kind');
  }
}

export function applyFleetActionHandler(deps: FleetReportDeps) {
  return async (request: FleetActionRequestMessage) => {
    const { task, changed } = await reportFromFleet(
      {
        accountId: request.accountId,
        fleetId: request.fleetId,
        taskId: request.taskId,
        correlationId: request.correlationId,
        causationId: null,
        action: fleetActionFromMessage(request),
      },
      deps,
    );
    return { task: task ? taskToMessage(task) : undefined, changed };
  };
}

export function listFleetTasksHandler(deps: Pick<FleetReportDeps, 'tasks'>) {
  return async (request: ListFleetTasksRequestMessage) => {
    const limit = Math.min(request.limit > 0 ? request.limit : FLEET_TASK_PAGE.defaultLimit, FLEET_TASK_PAGE.maxLimit);
    const page = await tasksWithFleet(request.accountId, request.fleetId, { cursor: request.cursor ?? null, limit }, deps);
    return { tasks: page.tasks.map((task) => taskToMessage(task)), nextCursor: page.nextCursor ?? undefined };
  };
}
