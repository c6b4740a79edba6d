import type { AccountReader, Fleet } from '@delivery/accounts';
import { laneOf, queueCallOff, queueHandOver, reportCourier, settleCallOff, type CourierDeps } from './courier-dispatch';

export interface CourierPollingDeps extends CourierDeps {
  accounts: Pick<AccountReader, 'listAccounts'>;
  /** How long a courier's task may go without news before its status is read. */
  quietMs: number;
  /** How long a hand-over or a call-off may wait before it is queued again (its process stopped, say). */
  requeueAfterMs: number;
  /** Whether the fleet's network refuses our credentials since its last good answer. */
  credentialsRefused(fleet: Fleet): Promise<boolean>;
  /** The courier fleets refused so, at every pass. */
  observeRefused?(fleets: readonly Fleet[]): void;
}

const PAGE = 100;

/** Call-offs queued again at one pass, longest owed first. */
const CALL_OFFS = 1_000;

/**
 * Goes through every courier fleet's tasks. One dispatched and still not handed over after
 * `requeueAfterMs` is queued for its hand-over again, as is a cancelled one still owing its
 * network a call-off: what a stopped process had queued is done by another. One without
 * news for `quietMs` (its webhooks lost, or not set up) is read from its network and the
 * answer applied: a task is followed until it ends. Each call goes through the fleet's lane,
 * so one network's trouble holds up only its own reads. The fleets whose credentials are
 * refused are observed. Returns how many tasks the reads changed.
 */
export async function pollQuietCourierTasks(deps: CourierPollingDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  const quietSince = new Date(now - deps.quietMs).toISOString();
  const requeueBy = new Date(now - deps.requeueAfterMs);
  const handOverDue = requeueBy.toISOString();
  let changed = 0;
  const reads: Promise<void>[] = [];
  const refused: Fleet[] = [];
  for (const task of await deps.tasks.findCallOffsOwed(requeueBy, CALL_OFFS)) {
    const fleet = await deps.fleets.getFleet(task.accountId, task.dispatch!.fleetId);
    if (fleet && deps.couriers.serves(fleet)) void queueCallOff(deps, fleet, task.id);
    else await settleCallOff(deps, task.accountId, task.id);
  }
  for (const account of await deps.accounts.listAccounts()) {
    for (const fleet of (await deps.fleets.listFleets(account.id)).filter((f) => deps.couriers.serves(f))) {
      if (await deps.credentialsRefused(fleet)) refused.push(fleet);
      let after = null;
      for (;;) {
        const page = await deps.tasks.findWithFleet(account.id, fleet.id, { after, limit: PAGE });
        for (const task of page) {
          if (!task.dispatch?.acceptedAt) {
            if (task.status === 'dispatched' && task.dispatch!.dispatchedAt <= handOverDue) {
              void queueHandOver(deps, account.id, task.id, fleet.id);
            }
            continue;
          }
          if (task.updatedAt >= quietSince) continue;
          const read = async () => {
            const answer = await deps.couriers.status(fleet, task);
            if (!answer.ok) {
              deps.logger.error(`reading task ${task.id} at ${fleet.name} failed: ${answer.reason}`);
              return answer.retryable ? ('retry' as const) : ('done' as const);
            }
            if ((await reportCourier(deps, task, fleet.id, { kind: 'advance', report: answer.report })).changed) changed += 1;
            return 'done' as const;
          };
          reads.push(deps.lanes.submit(laneOf(account.id, fleet.id), { taskId: task.id, kind: 'status', once: true, run: read }));
        }
        if (page.length < PAGE) break;
        const last = page.at(-1)!;
        after = { dispatchedAt: last.dispatch!.dispatchedAt, taskId: last.id };
      }
    }
  }
  deps.observeRefused?.(refused);
  await Promise.all(reads);
  return changed;
}
