import fc from 'fast-check';
import { COURIER_STAGES } from '../courier-report';
import { COURIER_WEBHOOKS } from '../courier-webhook';
import { ONFLEET_TASK_METADATA } from './onfleet.client';
import { reportOfOnfleetTask } from './onfleet-report';

const ours = [{ name: ONFLEET_TASK_METADATA, type: 'string', value: 'tsk_1' }];

describe("Onfleet's word on a task, in our stages", () => {
  it.each([
    [0, undefined, 'accepted'],
    [1, undefined, 'assigned'],
    [2, undefined, 'en_route_to_dropoff'],
    [3, true, 'delivered'],
    [3, false, 'failed'],
  ])('maps state %s (success %s) to %s', (state, success, stage) => {
    expect(reportOfOnfleetTask({ id: 'onf_1', state, completionDetails: { success } })?.stage).toBe(stage);
  });

  it("links a completed task's first photo and its signature to Onfleet's uploads, beside the driver's notes; nothing when none was left", () => {
    const completed = (details: Record<string, unknown>) =>
      reportOfOnfleetTask({ id: 'onf_1', state: 3, completionDetails: { success: true, ...details } })?.proof;
    expect(completed({ photoUploadIds: ['p1', 'p2'], signatureUploadId: 's/1', notes: '' })).toEqual({
      recipientName: null,
      photoUrl: 'https://d15p8tr8p0vffz.cloudfront.net/p1/800x.png',
      signatureUrl: 'https://d15p8tr8p0vffz.cloudfront.net/s%2F1/800x.png',
      note: null,
    });
    expect(completed({ photoUploadIds: [], signatureUploadId: null, notes: '' })).toBeNull();
  });

  it("reads any webhook Onfleet could send: our task by its metadata (none for the organisation's other tasks), a stage of ours or none", () => {
    const { schema, read } = COURIER_WEBHOOKS.onfleet;
    fc.assert(
      fc.property(
        fc.record({
          triggerName: fc.oneof(
            fc.string(),
            fc.constantFrom('taskAssigned', 'taskStarted', 'taskCompleted', 'taskFailed', 'taskDeleted', 'workerDuty'),
          ),
          data: fc.record({
            task: fc.record(
              {
                id: fc.string({ minLength: 1 }),
                state: fc.integer({ min: 0, max: 5 }),
                metadata: fc.constantFrom(ours, []),
                completionDetails: fc.record({ success: fc.boolean(), notes: fc.string() }),
                extra: fc.jsonValue(),
              },
              { requiredKeys: ['id', 'state'] },
            ),
            worker: fc.option(fc.record({ name: fc.string(), phone: fc.string() }), { nil: null }),
          }),
        }),
        (webhook) => {
          const parsed = schema.safeParse(JSON.parse(JSON.stringify(webhook)));
          expect(parsed.success).toBe(true);
          const { taskId, report } = read(parsed.data);
          expect(taskId).toBe(webhook.data.task.metadata?.length ? 'tsk_1' : null);
          if (report) expect(COURIER_STAGES).toContain(report.stage);
        },
      ),
    );
  });
});
