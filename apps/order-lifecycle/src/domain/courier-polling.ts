import type { AccountRepository } from '@delivery/accounts';
import { reportCourier, type CourierDeps } from './courier-dispatch';

export interface CourierPollingDeps extends CourierDeps {
  accounts: Pick<AccountRepository, 'listAccounts'>;
  /** How long a courier's task may go without news before its status is read. */
  quietMs: number;
}

const PAGE = 100;

/**
 * Reads where each courier network's tasks stand when they have had no news for `quietMs`
 * (its webhooks lost, or not set up), and applies it: a task is followed until it ends.
 * Returns how many tasks changed.
 */
export async function pollQuietCourierTasks(deps: CourierPollingDeps): Promise<number> {
  const quietSince = new Date(deps.clock.now().getTime() - deps.quietMs).toISOString();
  let changed = 0;
  for (const account of await deps.accounts.listAccounts()) {
    for (const fleet of (await deps.fleets.listFleets(account.id)).filter((f) => deps.couriers.serves(f))) {
      let after = null;
      for (;;) {
        const page = await deps.tasks.findWithFleet(account.id, fleet.id, { after, limit: PAGE });
        for (const task of page.filter((t) => t.dispatch?.acceptedAt && t.updatedAt < quietSince)) {
          const answer = await deps.couriers.status(fleet, task);
          if (!answer.ok) {
            deps.logger.error(`reading task ${task.id} at ${fleet.name} failed: ${answer.reason}`);
            continue;
          }
          if ((await reportCourier(deps, task, fleet.id, { kind: 'advance', report: answer.report })).changed) changed += 1;
        }
        if (page.length < PAGE) break;
        const last = page.at(-1)!;
        after = { dispatchedAt: last.dispatch!.dispatchedAt, taskId: last.id };
      }
    }
  }
  return changed;
}
