import { z } from 'zod';
import type { CourierReport, CourierStage } from '../courier-report';
import { failureCodeOfWords } from '../failure-reasons';
import { onfleetTaskSchema, onfleetUploadUrl, type OnfleetTask } from './onfleet.client';

/** Onfleet's webhook triggers (its webhook reference), onto our stages; the others say nothing of the stage. */
const BY_TRIGGER = new Map<string, CourierStage>(
  Object.entries({
    taskAssigned: 'assigned',
    taskStarted: 'en_route_to_dropoff',
    taskArrival: 'at_dropoff',
    taskDeleted: 'cancelled',
  }),
);

/**
 * A task's `state` (0 unassigned, 1 assigned, 2 active, 3 completed, with `completionDetails.success`)
 * onto our stages. An Onfleet task is the drop-off: the retailer's driver starts it with the
 * parcel in hand.
 */
function stageOfState(task: OnfleetTask): CourierStage | null {
  switch (task.state) {
    case 0:
      return 'accepted';
    case 1:
      return 'assigned';
    case 2:
      return 'en_route_to_dropoff';
    case 3:
      return task.completionDetails?.success === false ? 'failed' : 'delivered';
    default:
      return null;
  }
}

/** The driver's photo and the recipient's signature as links to Onfleet's uploads, and the driver's notes. */
function proofOf(details: OnfleetTask['completionDetails']): CourierReport['proof'] {
  const photoId = details?.photoUploadIds?.[0];
  const proof = {
    recipientName: null,
    signatureUrl: details?.signatureUploadId ? onfleetUploadUrl(details.signatureUploadId) : null,
    photoUrl: photoId ? onfleetUploadUrl(photoId) : null,
    note: details?.notes || null,
  };
  return proof.signatureUrl || proof.photoUrl || proof.note ? proof : null;
}

/** Why the driver failed it: the organisation's failure reason and the driver's notes, in our words and as our code. */
function failureOf(stage: CourierStage, details: OnfleetTask['completionDetails']): Pick<CourierReport, 'reason' | 'failureCode'> {
  if (stage === 'cancelled') return { reason: 'the task was removed in Onfleet' };
  if (stage !== 'failed') return { reason: null };
  const said = [details?.failureReason && details.failureReason !== 'NONE' ? details.failureReason : null, details?.failureNotes || null];
  const words = said.filter(Boolean).join(': ');
  return {
    reason: `the Onfleet driver could not complete it${words ? ` (${words})` : ''}`,
    failureCode: failureCodeOfWords(...said),
  };
}

function reportOf(stage: CourierStage, task: OnfleetTask, worker: { name?: string; phone?: string } | undefined): CourierReport {
  const details = task.completionDetails;
  return {
    stage,
    courier: worker?.name ? { name: worker.name, phone: worker.phone ?? null, vehicle: null } : null,
    location: null,
    etas: { pickup: null, dropoff: task.eta ? new Date(task.eta).toISOString() : null },
    proof: stage === 'delivered' ? proofOf(details) : null,
    ...failureOf(stage, details),
    reference: task.id,
  };
}

/** A task read back from Onfleet (GET /tasks/{id}), or null for a state we do not know. */
export function reportOfOnfleetTask(task: OnfleetTask): CourierReport | null {
  const stage = stageOfState(task);
  return stage ? reportOf(stage, task, undefined) : null;
}

/** A webhook Onfleet sends: its trigger, the task as it stands, and (for some triggers) the worker. */
export const onfleetWebhookSchema = z.looseObject({
  triggerName: z.string(),
  taskId: z.string().optional(),
  data: z.looseObject({
    task: onfleetTaskSchema,
    worker: z.looseObject({ name: z.string().optional(), phone: z.string().optional() }).nullish(),
  }),
});
export type OnfleetWebhook = z.infer<typeof onfleetWebhookSchema>;

export function reportOfOnfleetWebhook(webhook: OnfleetWebhook): CourierReport | null {
  const { task } = webhook.data;
  const worker = webhook.data.worker ?? undefined;
  const stage =
    webhook.triggerName === 'taskCompleted' || webhook.triggerName === 'taskFailed'
      ? stageOfState(task)
      : (BY_TRIGGER.get(webhook.triggerName) ?? null);
  return stage ? reportOf(stage, task, worker) : null;
}
