import { DomainError } from '@delivery/contracts';
import type { TaskRepository } from '../ports/task.repository';
import { TRACKING_TOKEN_PATTERN } from './ids';
import type { TaskStatus } from './task';

/** What the recipient's tracking page shows: the status, the drop-off ETA, the driver's first name. Nothing else. */
export interface TrackingView {
  status: TaskStatus;
  eta: string | null;
  driverFirstName: string | null;
  updatedAt: string;
}

/** The tracking page of a token; a token of no task, or of no shape we issue, is not found. */
export async function trackDelivery(token: string, { tasks }: { tasks: TaskRepository }): Promise<TrackingView> {
  const task = TRACKING_TOKEN_PATTERN.test(token) ? await tasks.findByTrackingToken(token) : null;
  if (!task) throw new DomainError('ORDER_NOT_FOUND', 'No delivery found for this tracking link');
  return {
    status: task.status,
    eta: task.wayPoints.find((w) => w.type === 'dropoff')?.eta ?? null,
    driverFirstName: task.driver?.name.trim().split(/\s+/)[0] ?? null,
    updatedAt: task.updatedAt,
  };
}
