import express, { type Express, type RequestHandler } from 'express';
import type { AccountReader, AccountSettings } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import type { NotifierGateway } from '../clients/notifier.client';
import type { NotesGateway } from '../clients/notes.client';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import type { ProofMediaStore } from '@delivery/proof-media';
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
import { driverStepRoutes, getDriverTaskRoute, listDriverTasksRoute } from './driver-tasks.routes';
import { PATHS } from './paths';
import { directUploadRoute, finishDirectUploadRoute, MAX_PROOF_MEDIA_BYTES, uploadProofMediaRoute } from './proof-media.routes';

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
  orders: OrderLifecycleGateway;
  notes: NotesGateway;
  proofMedia: ProofMediaStore;
  json: RequestHandler;
  /** Answers a repeated Idempotency-Key with its first answer, per driver: the app's queue replays its steps with theirs. */
  idem: RequestHandler;
  /** Counts a signed-in driver's call against their quota. */
  counted: RequestHandler;
  limits: LimiterPool;
  codes: SignInCodes;
}

export function registerDriverApi(app: Express, deps: DriverApiDeps): void {
  const { json, idem, codes } = deps;
  const sessionDeps: DriverSessionDeps = {
    accounts: deps.accounts,
    settings: deps.settings,
    codes,
    guard: new DriverSignInGuard(deps.limits),
    sendCode: async ({ accountId, phone, code }) =>
      (await deps.notifier.sendDriverSignInCode({ accountId, phone, code, validMinutes: SIGN_IN_CODE.ttlMs / 60_000 })).sent,
    secureCookies: deps.consoleSecureCookies,
    logger: deps.logger,
  };
  const problem = answersErrorsAs('problem');
  const signedIn = [problem, driverAuth(deps.accounts, deps.settings, deps.clock), deps.counted];
  const step = (handler: RequestHandler) => [...signedIn, json, idem, handler];
  const steps = driverStepRoutes(deps);
  app.post(PATHS.driverSignInCode, problem, requireJson, json, requestSignInCodeRoute(sessionDeps));
  app.post(PATHS.driverSession, problem, requireJson, json, signInDriverRoute(sessionDeps));
  app.get(PATHS.driverSession, signedIn, currentDriverSessionRoute);
  app.delete(PATHS.driverSession, signedIn, signOutDriverRoute(sessionDeps));
  app.get(PATHS.driverTasks, signedIn, listDriverTasksRoute(deps));
  app.get(PATHS.driverTask, signedIn, getDriverTaskRoute(deps));
  app.post(PATHS.driverAccept, ...step(steps.accept));
  app.post(PATHS.driverReject, ...step(steps.reject));
  app.post(PATHS.driverStart, ...step(steps.start));
  app.post(PATHS.driverLocation, ...step(steps.location));
  app.post(PATHS.driverReturn, ...step(steps.return));
  app.post(PATHS.driverArrive, ...step(steps.arrive));
  app.post(PATHS.driverComplete, ...step(steps.complete));
  app.post(PATHS.driverFail, ...step(steps.fail));
  // The bytes as they came, up to the cap: the route checks what they are.
  const media = express.raw({ type: () => true, limit: MAX_PROOF_MEDIA_BYTES });
  app.post(PATHS.driverMedia, ...signedIn, media, idem, uploadProofMediaRoute(deps));
  // Straight to S3 where it allows: a presigned PUT, then the gateway checks and keeps it.
  app.post(PATHS.driverMediaUploadUrl, ...step(directUploadRoute(deps)));
  app.post(PATHS.driverMediaFinish, ...step(finishDirectUploadRoute(deps)));
}
