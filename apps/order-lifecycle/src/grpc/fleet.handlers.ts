import { DELIVERY_REQUIREMENTS, DomainError, FAILURE_CODES, FAILURE_WORDS, memberOf, type FailureCode } from '@delivery/contracts';
import type { FleetActionRequestMessage, ListFleetTasksRequestMessage } from '@delivery/rpc';
import { isCourierStage } from '@delivery/couriers';
import { FLEET_TASK_PAGE, reportFromFleet, tasksWithFleet, type FleetReport, type FleetReportDeps } from '../domain/fleet-reports';
import { taskToMessage } from './task.mapper';

function required<T>(value: T | null | undefined, name: string): T {
  if (value === null || value === undefined || value === '')
    throw new DomainError('VALIDATION_FAILED', `Invalid request: ${name} is required`);
  return value;
}

function failureCodeOf(code: string | undefined): FailureCode {
  if (!code) return 'other';
  const known = memberOf(FAILURE_CODES, code);
  if (!known) throw new DomainError('VALIDATION_FAILED', `Invalid request: failure_code must be one of ${FAILURE_CODES.join(', ')}`);
  return known;
}

/** The fleet's report as the domain reads it; what each kind needs is checked here, at the edge. */
export function fleetActionFromMessage(request: FleetActionRequestMessage): FleetReport {
  const wayPointId = () => required(request.wayPointId, 'way_point_id');
  const proof = request.proofOfDelivery
    ? {
        recipientName: request.proofOfDelivery.recipientName ?? null,
        signatureUrl: request.proofOfDelivery.signatureUrl ?? null,
        photoUrl: request.proofOfDelivery.photoUrl ?? null,
        note: request.proofOfDelivery.note ?? null,
      }
    : null;
  const location = request.lat !== undefined && request.lng !== undefined ? { lat: request.lat, lng: request.lng } : null;
  switch (request.kind) {
    case 'ACCEPT':
      return { kind: 'accept' };
    case 'REJECT':
      return { kind: 'reject', reason: required(request.reason, 'reason') };
    case 'ASSIGN_DRIVER': {
      const driver = required(request.driver, 'driver');
      return {
        kind: 'assignDriver',
        driver: {
          name: required(driver.name, 'driver.name'),
          phone: driver.phone ?? null,
          vehicle: driver.vehicle ?? null,
          driverId: driver.driverId || null,
        },
        byDispatcher: driver.byDispatcher ?? false,
      };
    }
    case 'START':
      return { kind: 'start' };
    case 'ARRIVE':
      return { kind: 'arrive', wayPointId: wayPointId() };
    case 'COMPLETE': {
      const given = request.proofOfDelivery;
      const evidence = {
        pin: given?.pin || null,
        idChecked: given?.idChecked ?? false,
        recipientBirthDate: given?.recipientBirthDate || null,
        barcodes: given?.barcodes ?? [],
      };
      return { kind: 'complete', wayPointId: wayPointId(), proof, evidence };
    }
    case 'FAIL': {
      const code = failureCodeOf(request.failureCode);
      return { kind: 'fail', wayPointId: wayPointId(), reason: request.reason || FAILURE_WORDS[code], code };
    }
    case 'RETURN':
      return { kind: 'return' };
    case 'UPDATE_LOCATION':
      return { kind: 'updateLocation', location, etas: request.etas.map((e) => ({ wayPointId: e.wayPointId, eta: e.eta })) };
    case 'ADVANCE': {
      const stage = required(request.stage, 'stage');
      if (!isCourierStage(stage)) throw new DomainError('VALIDATION_FAILED', `Invalid request: stage ${stage} is not a courier stage`);
      const driver = request.driver;
      return {
        kind: 'advance',
        report: {
          stage,
          courier: driver?.name ? { name: driver.name, phone: driver.phone ?? null, vehicle: driver.vehicle ?? null } : null,
          location,
          etas: { pickup: request.pickupEta ?? null, dropoff: request.dropoffEta ?? null },
          proof: proof && {
            ...proof,
            verified: request.proofOfDelivery!.verified.flatMap((kind) => memberOf(DELIVERY_REQUIREMENTS, kind) ?? []),
            barcodes: request.proofOfDelivery!.barcodes,
          },
          reason: request.reason ?? null,
          ...(request.failureCode && { failureCode: failureCodeOf(request.failureCode) }),
          ...(request.reference && { reference: request.reference }),
          ...(request.fee && { fee: { amount: request.fee.amount, currency: request.fee.currency } }),
        },
      };
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
