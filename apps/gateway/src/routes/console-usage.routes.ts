import type { RequestHandler } from 'express';
import type { AccountReader, ApiUsage } from '@delivery/accounts';
import { consoleAccountOf } from '../console/console-auth';
import type { AccountLimits } from '../protection/account-limits';

/** Rate limits and API usage per app: requests, errors and 429s over the last day. */
export function apiUsageRoute(deps: { accounts: AccountReader; usage: ApiUsage; limits: AccountLimits }): RequestHandler {
  return async (_req, res) => {
    const accountId = consoleAccountOf(res.locals);
    const [limits, apps] = await Promise.all([deps.limits.of(accountId), deps.accounts.listClientApps(accountId)]);
    const usage = await Promise.all(
      apps.map(async (app) => ({ client_id: app.clientId, name: app.name, ...(await deps.usage.lastDay(app.clientId)) })),
    );
    res.json({
      limits: { per_app_per_minute: limits.perAppPerMinute, per_account_per_minute: limits.perAccountPerMinute },
      apps: usage.sort((a, b) => b.requests - a.requests),
    });
  };
}
