import type { Express, RequestHandler } from 'express';
import type { AccountReader, AccountSettings } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import type { NotifierGateway } from '../clients/notifier.client';
import type { SecureCookies } from '../console/session-cookie';
import { SIGN_IN_CODE, type SignInCodes } from '../drivers/sign-in-codes';
import { DriverSignInGuard } from '../drivers/sign-in-guard';
import { driverAuth } from '../drivers/driver-auth';
import { answersErrorsAs, requireJson } from '../http/errors';
import type { LimiterPool } from '../protection/limiter-pool';
import {
  currentDriverSessionRoute,
  requestSignInCodeRoute,
  signInDriverRoute,
  signOutDriverRoute,
  type DriverSessionDeps,
} from './driver-session.routes';
import { PATHS } from './paths';

/**
 * The driver app's API: a fleet's own drivers sign in on their phones with a one-time code
 * and work their fleet's tasks (docs/driver-app.md). Errors answer as the console's do.
 */
export interface DriverApiDeps {
  accounts: AccountReader;
  settings: AccountSettings;
  notifier: NotifierGateway;
  clock: Clock;
  /** As the console's: the driver's session cookie is Secure by the same setting. */
  consoleSecureCookies: SecureCookies;
  logger: Pick<Console, 'error'>;
}

export function registerDriverApi(app: Express, deps: DriverApiDeps, json: RequestHandler, limits: LimiterPool, codes: SignInCodes): void {
  const sessionDeps: DriverSessionDeps = {
    accounts: deps.accounts,
    settings: deps.settings,
    codes,
    guard: new DriverSignInGuard(limits),
    sendCode: async ({ accountId, phone, code }) =>
      (await deps.notifier.sendDriverSignInCode({ accountId, phone, code, validMinutes: SIGN_IN_CODE.ttlMs / 60_000 })).sent,
    secureCookies: deps.consoleSecureCookies,
    logger: deps.logger,
  };
  const problem = answersErrorsAs('problem');
  const signedIn = [problem, driverAuth(deps.accounts, deps.settings, deps.clock)];
  app.post(PATHS.driverSignInCode, problem, requireJson, json, requestSignInCodeRoute(sessionDeps));
  app.post(PATHS.driverSession, problem, requireJson, json, signInDriverRoute(sessionDeps));
  app.get(PATHS.driverSession, signedIn, currentDriverSessionRoute);
  app.delete(PATHS.driverSession, signedIn, signOutDriverRoute(sessionDeps));
}
