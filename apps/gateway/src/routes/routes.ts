import type { MapTiles } from '@delivery/contracts';
import express, { type Express, type RequestHandler } from 'express';
import type { AccountReader, AccountSettings } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import type { KeyValueStore } from '@delivery/key-value';
import type { MediaLinks, ProofMediaStore } from '@delivery/proof-media';
import type { Observability } from '@delivery/observability';
import { bearerAuth } from '../auth/bearer-auth';
import { legacyAuth } from '../auth/legacy-auth';
import type { TokenService } from '../auth/token-service';
import type { NotesGateway } from '../clients/notes.client';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import type { QuotesGateway } from '../clients/quotes.client';
import type { WebhookDeliveriesGateway } from '../clients/webhook-deliveries.client';
import type { NotifierGateway } from '../clients/notifier.client';
import { twilioInboundRoute, twilioStatusRoute, unsubscribePageRoute, unsubscribeRoute } from './notifications.routes';
import { listMessagesRoute } from './console-messages.route';
import { getNotificationSettingsRoute, putNotificationSettingsRoute } from './console-notifications.routes';
import { getWordingRoute, previewWordingRoute, putWordingRoute } from './console-wording.routes';
import { getBrandRoute, putBrandRoute } from './console-brand.routes';
import { answersErrorsAs, requireJson } from '../http/errors';
import { idempotencyKey } from '../http/idempotency-key';
import { refuseDeepJson } from '../http/json-depth';
import { AccountLimits } from '../protection/account-limits';
import type { ApiUsage } from '@delivery/accounts';
import { countUsage } from '../protection/count-usage';
import { apiUsageRoute } from './console-usage.routes';
import { accountInFlight } from '../protection/account-in-flight';
import { addressRateLimit } from '../protection/address-rate-limit';
import { apiRateLimit, appAndAccountQuotas } from '../protection/api-rate-limit';
import { CallPace } from '../protection/call-pace';
import { LimiterPool } from '../protection/limiter-pool';
import type { RefusedCallers } from '../protection/refused-callers';
import type { RateLimitSettings } from '../protection/rate-limit-settings';
import { TokenEndpointGuard } from '../protection/token-endpoint-guard';
import { cancelOrderRoute } from './cancel-order.route';
import { createHardReservationRoute } from './create-hard-reservation.route';
import { createOrderRoute } from './create-order.route';
import { createSoftReservationRoute } from './create-soft-reservation.route';
import { getOrderDocumentRoute } from './get-order-document.route';
import { getOrderRoute } from './get-order.route';
import { courierWebhookRoute, onfleetValidationRoute } from './courier-webhooks.routes';
import { fleetActionRoutes, getFleetTaskRoute, listFleetTasksRoute } from './fleet.routes';
import { getQuotesRoute } from './get-quotes.route';
import { dispatchDecisionRoute } from './dispatch-decision.route';
import { addNoteRoute, listNotesRoute } from './notes.routes';
import { oauthTokenRoute } from './oauth-token.route';
import { CONSOLE_API, PATHS } from './paths';
import { registerApiDocs } from './api-docs.route';
import { registerHome } from './home.route';
import { trackingInstructionsRoute, trackingRoute } from './tracking.route';
import { consoleAccountOf, consoleAuth, consoleCallerOf, requireRole } from '../console/console-auth';
import { ConsoleSessions } from '../console/console-sessions';
import { HashingSlots } from '../console/hashing-slots';
import { KnownDevices } from '../console/known-devices';
import { LoginGuard } from '../console/login-guard';
import type { SecureCookies } from '../console/session-cookie';
import {
  addWebhookEndpointRoute,
  changeWebhookEndpointRoute,
  deleteWebhookEndpointRoute,
  listWebhookEndpointsRoute,
  rotateWebhookSecretRoute,
} from './console-webhooks.routes';
import { registerConsolePage } from './console-page.route';
import { getDeliveryRoute, listDeliveriesRoute } from './console-deliveries.routes';
import { addUserRoute, listUsersRoute, removeUserRoute, resetPasswordRoute, setUserRoleRoute } from './console-users.routes';
import {
  addFleetRoute,
  deleteFleetRoute,
  deleteServicePlanRoute,
  listFleetsRoute,
  listServicePlansRoute,
  putServicePlanRoute,
  replaceFleetRoute,
} from './console-settings.routes';
import {
  addDriverRoute,
  issueSignInCodeRoute,
  listDriverSessionsRoute,
  listDriversRoute,
  removeDriverRoute,
  revokeDriverSessionRoute,
  setDriverAssignmentRoute,
} from './console-drivers.routes';
import { assignDriverRoute } from './console-delivery-driver.route';
import { registerDriverApi } from './driver-api';
import { registerDriverPage } from './driver-page.route';
import { serveProofMediaRoute } from './proof-media.routes';
import { driverCallerOf } from '../drivers/driver-auth';
import { SignInCodes } from '../drivers/sign-in-codes';
import { addAppRoute, deleteAppRoute, listAppsRoute, regenerateSecretRoute } from './console-apps.routes';
import { changePasswordRoute, currentSessionRoute, signInRoute, signOutRoute } from './console-session.routes';
import {
  getWebhookDeliveryRoute,
  listWebhookDeliveriesRoute,
  replayFailedWebhookDeliveriesRoute,
  replayWebhookDeliveryRoute,
} from './webhook-deliveries.routes';

export interface RouteDeps {
  tokens: TokenService;
  orders: OrderLifecycleGateway;
  quotes: QuotesGateway;
  notes: NotesGateway;
  webhookDeliveries: WebhookDeliveriesGateway;
  notifier: NotifierGateway;
  kv: KeyValueStore;
  accounts: AccountReader;
  proofMedia: ProofMediaStore;
  mediaLinks: MediaLinks;
  clock: Clock;
  rateLimits: RateLimitSettings;
  /** The address callers reach us at, for the links we answer. */
  publicBaseUrl: () => string;
  jsonBodyLimit: string;
  /** Whether the console's session cookie is marked Secure. */
  consoleSecureCookies: SecureCookies;
  usage: ApiUsage;
  /** Every change of an account's settings the console makes, by the rules the admin CLI's follow too. */
  settings: AccountSettings;
  /** Where the console's built page is (`npm run console:build`). */
  consoleDir: string;
  /** Where the driver app's build is (`npm run driver-app:build`). */
  driverAppDir: string;
  /** The origin phones PUT proofs to directly (the S3 bucket's), for the driver app's CSP; null where uploads go through us. */
  directUploadOrigin: () => Promise<string | null>;
  /** The tiles the console's and the tracking page's maps draw on; null: no map. */
  mapTiles: MapTiles | null;
  logger: Pick<Console, 'error'>;
  observability?: Observability;
}

/** Every endpoint, in one table: path -> envelope, parsing, auth, handler file. */
export function registerRoutes(app: Express, deps: RouteDeps, refusals: RefusedCallers): void {
  const json = express.json({ limit: deps.jsonBodyLimit, strict: false, verify: refuseDeepJson });
  const limits = new LimiterPool(deps.kv);
  const { perAccountPerMinute, perAppPerMinute } = deps.rateLimits;
  const accountLimits = new AccountLimits(deps.accounts, { perAccountPerMinute, perAppPerMinute }, deps.clock);
  // Every authenticated call counts against its app's and its account's quota.
  const refused = (scope: string) => deps.observability?.metrics.rateLimitRejections.inc({ scope });
  const pace = new CallPace();
  const counted = apiRateLimit({
    pool: limits,
    quotasOf: appAndAccountQuotas(accountLimits),
    pace,
    logger: deps.logger,
    refusals,
    onRefused: refused,
  });
  // Each app's calls, errors and 429s, for the console's usage page.
  const used = countUsage(deps.usage);
  // One account's concurrent calls are capped in this process, so another account's find room.
  const inFlight = accountInFlight(deps.rateLimits.perAccountInFlight, () => refused('account-in-flight'));
  const auth = [bearerAuth(deps.tokens), used, counted, inFlight];
  const fleetAuth = [bearerAuth(deps.tokens, 'fleet'), used, counted, inFlight];
  // Every POST and PATCH answers a repeated Idempotency-Key with its first answer.
  const idem = idempotencyKey(deps.kv);
  const fleet = fleetActionRoutes(deps.orders);
  const fleetRoute = (handler: RequestHandler) => [answersErrorsAs('problem'), ...fleetAuth, json, idem, handler];
  const legacy = [legacyAuth(deps), used, counted, inFlight];
  // The legacy path's credentials are in its body: its callers are counted by source before it is read.
  const legacyLimit = addressRateLimit(limits, 'legacy', deps.rateLimits.legacyPerAddressPerMinute, () => refused('legacy'), 'envelope');
  const tokenGuard = new TokenEndpointGuard(limits, deps.rateLimits, refused);
  const trackingLimit = addressRateLimit(limits, 'tracking', deps.rateLimits.trackingPerAddressPerMinute, () => refused('tracking'));
  const instructionsLimit = addressRateLimit(limits, 'instructions', deps.rateLimits.instructionsPerAddressPerMinute, () =>
    refused('instructions'),
  );

  app.get(PATHS.health, (_req, res) => void res.json({ status: 'ok' }));
  registerHome(app);
  registerApiDocs(app);
  app.post(PATHS.token, oauthTokenRoute(deps.tokens, tokenGuard, deps.logger));
  app.post(PATHS.cancelOrder, answersErrorsAs('cancel'), auth, requireJson, json, idem, cancelOrderRoute(deps.orders));
  app.post(PATHS.createOrder, answersErrorsAs('ship'), auth, requireJson, json, idem, createOrderRoute(deps.orders));
  app.get(PATHS.getOrder, answersErrorsAs('ship'), auth, getOrderRoute(deps));
  app.get(PATHS.getOrderDocument, answersErrorsAs('ship'), auth, getOrderDocumentRoute(deps.orders));
  app.post(PATHS.getQuotes, answersErrorsAs('ship'), auth, requireJson, json, idem, getQuotesRoute(deps.quotes));
  app.post(PATHS.dispatchDecision, answersErrorsAs('ship'), auth, requireJson, json, dispatchDecisionRoute(deps.orders));
  app.post(PATHS.createSoftReservation, answersErrorsAs('ship'), auth, requireJson, json, idem, createSoftReservationRoute(deps.orders));
  app.post(PATHS.notes, answersErrorsAs('ship'), auth, requireJson, json, idem, addNoteRoute(deps.notes));
  app.get(PATHS.notes, answersErrorsAs('ship'), auth, listNotesRoute(deps.notes));
  app.post(PATHS.legacyNotes, answersErrorsAs('ship'), legacyLimit, requireJson, json, legacy, idem, addNoteRoute(deps.notes));
  app.get(PATHS.legacyNotes, answersErrorsAs('ship'), legacyLimit, legacy, listNotesRoute(deps.notes));
  app.patch(
    PATHS.createHardReservation,
    answersErrorsAs('problem'),
    auth,
    requireJson,
    json,
    idem,
    createHardReservationRoute(deps.orders),
  );
  const tracking = {
    orders: deps.orders,
    notes: deps.notes,
    kv: deps.kv,
    logger: deps.logger,
    clock: deps.clock,
    mapTiles: deps.mapTiles,
    mediaLinks: deps.mediaLinks,
  };
  app.get(PATHS.tracking, trackingLimit, trackingRoute(tracking));
  // A recipient's instructions: counted by source, a small form, before anything is read.
  app.post(
    PATHS.tracking,
    trackingLimit,
    instructionsLimit,
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 5 }),
    trackingInstructionsRoute(tracking),
  );
  // Anyone may post to Twilio's and the unsubscribe URLs: counted by source before the body or any store is read.
  const form = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 200 });
  const twilioLimit = addressRateLimit(
    limits,
    'twilio-webhook',
    deps.rateLimits.courierWebhookPerAddressPerMinute,
    () => refused('twilio-webhook'),
    'envelope',
  );
  app.post(PATHS.twilioStatus, answersErrorsAs('problem'), twilioLimit, form, twilioStatusRoute(deps.notifier, deps.publicBaseUrl));
  app.post(PATHS.twilioInbound, answersErrorsAs('problem'), twilioLimit, form, twilioInboundRoute(deps.notifier, deps.publicBaseUrl));
  // Anyone may hold a proof's link: counted by source before the signature is checked or the store read.
  app.get(PATHS.proofMedia, trackingLimit, serveProofMediaRoute(deps));
  app.get(PATHS.unsubscribe, trackingLimit, unsubscribePageRoute);
  app.post(PATHS.unsubscribe, trackingLimit, unsubscribeRoute(deps.notifier, deps.logger));
  app.get(PATHS.fleetTasks, answersErrorsAs('problem'), fleetAuth, listFleetTasksRoute(deps.orders));
  app.get(PATHS.fleetTask, answersErrorsAs('problem'), fleetAuth, getFleetTaskRoute(deps.orders));
  app.post(PATHS.fleetAccept, ...fleetRoute(fleet.accept));
  app.post(PATHS.fleetReject, ...fleetRoute(fleet.reject));
  app.put(PATHS.fleetDriver, ...fleetRoute(fleet.driver));
  app.post(PATHS.fleetStart, ...fleetRoute(fleet.start));
  app.post(PATHS.fleetLocation, ...fleetRoute(fleet.location));
  app.post(PATHS.fleetReturn, ...fleetRoute(fleet.return));
  app.post(PATHS.fleetArrive, ...fleetRoute(fleet.arrive));
  app.post(PATHS.fleetComplete, ...fleetRoute(fleet.complete));
  app.post(PATHS.fleetFail, ...fleetRoute(fleet.fail));
  // The body as it came: Uber signs its bytes.
  const raw = express.raw({ type: () => true, limit: deps.jsonBodyLimit });
  // Anyone may post to a courier's URL: counted by source before the body or any store is read.
  const courierLimit = addressRateLimit(
    limits,
    'courier-webhook',
    deps.rateLimits.courierWebhookPerAddressPerMinute,
    () => refused('courier-webhook'),
    'envelope',
  );
  app.post(PATHS.courierWebhooks, answersErrorsAs('problem'), courierLimit, raw, courierWebhookRoute(deps));
  app.get(PATHS.courierWebhooks, answersErrorsAs('problem'), courierLimit, onfleetValidationRoute(deps));
  const webhooks = deps.webhookDeliveries;
  app.get(PATHS.webhookDeliveries, answersErrorsAs('problem'), auth, listWebhookDeliveriesRoute(webhooks));
  app.get(PATHS.webhookDelivery, answersErrorsAs('problem'), auth, getWebhookDeliveryRoute(webhooks));
  app.post(PATHS.replayWebhookDelivery, answersErrorsAs('problem'), auth, idem, replayWebhookDeliveryRoute(webhooks));
  app.post(
    PATHS.replayFailedWebhookDeliveries,
    answersErrorsAs('problem'),
    auth,
    requireJson,
    json,
    idem,
    replayFailedWebhookDeliveriesRoute(webhooks),
  );
  // A console call counts against its user's quota and its account's console quota.
  const consoleCounted = apiRateLimit({
    pool: limits,
    quotasOf: async (locals) => {
      const { user } = consoleCallerOf(locals);
      return [
        { scope: 'user', policy: 'console-user', perMinute: deps.rateLimits.consoleUserPerMinute, key: user.id },
        { scope: 'account', policy: 'console-account', perMinute: deps.rateLimits.consoleAccountPerMinute, key: user.accountId },
      ];
    },
    pace,
    logger: deps.logger,
    refusals,
    onRefused: (scope) => refused(`console-${scope}`),
  });
  // One-time codes of drivers: made for the dispatcher in the console, or sent by SMS from the driver app.
  const codes = new SignInCodes(deps.kv, deps.clock);
  registerConsoleApi(app, deps, json, limits, accountLimits, consoleCounted, codes);
  registerConsolePage(app, deps.consoleDir, deps.mapTiles);
  // A driver's calls count against a quota of their own: one person's, as a console user's.
  const driverCounted = apiRateLimit({
    pool: limits,
    quotasOf: async (locals) => [
      { scope: 'user', policy: 'driver', perMinute: deps.rateLimits.consoleUserPerMinute, key: driverCallerOf(locals).driver.id },
    ],
    pace,
    logger: deps.logger,
    refusals,
    onRefused: () => refused('driver'),
  });
  registerDriverApi(app, { ...deps, json, idem, limits, codes, counted: driverCounted });
  registerDriverPage(app, deps.driverAppDir, deps.directUploadOrigin);
}

/** The account settings console's API: a session cookie, a CSRF token on every change, roles. */
function registerConsoleApi(
  app: Express,
  deps: RouteDeps,
  json: RequestHandler,
  limits: LimiterPool,
  accountLimits: AccountLimits,
  counted: RequestHandler,
  codes: SignInCodes,
): void {
  const sessions = new ConsoleSessions(deps.kv);
  const secureCookies = deps.consoleSecureCookies;
  const signedIn = [answersErrorsAs('problem'), consoleAuth(sessions, deps.accounts), counted];
  const admin = [...signedIn, requireRole('admin')];
  const settings = { accounts: deps.accounts, settings: deps.settings };
  const sessionDeps = {
    ...settings,
    clock: deps.clock,
    sessions,
    devices: new KnownDevices(deps.kv),
    guard: new LoginGuard(limits, deps.rateLimits.consoleSignInFailuresPerAddress),
    hashing: new HashingSlots(),
    secureCookies,
  };
  // Its answers are one user's, and some carry a secret shown once (an app's secret, a signing
  // secret, a password): no cache, shared or the browser's, keeps any of them.
  app.use(CONSOLE_API, (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  app.post(PATHS.consoleSession, answersErrorsAs('problem'), requireJson, json, signInRoute(sessionDeps));
  app.get(PATHS.consoleSession, signedIn, currentSessionRoute);
  app.delete(PATHS.consoleSession, signedIn, signOutRoute(sessions, secureCookies));
  app.put(PATHS.consoleSessionPassword, signedIn, requireJson, json, changePasswordRoute(sessionDeps));
  const owner = [...signedIn, requireRole('owner')];
  app.get(PATHS.consoleUsers, signedIn, listUsersRoute(settings));
  app.post(PATHS.consoleUsers, owner, requireJson, json, addUserRoute(settings));
  app.put(PATHS.consoleUserRole, owner, requireJson, json, setUserRoleRoute(settings));
  app.delete(PATHS.consoleUser, owner, removeUserRoute(settings));
  app.post(PATHS.consoleUserPassword, owner, resetPasswordRoute(settings));
  app.get(PATHS.consoleApps, signedIn, listAppsRoute(settings));
  app.get(PATHS.consoleApiUsage, signedIn, apiUsageRoute({ accounts: deps.accounts, usage: deps.usage, limits: accountLimits }));
  app.post(PATHS.consoleApps, admin, requireJson, json, addAppRoute(settings));
  app.post(PATHS.consoleAppSecret, admin, regenerateSecretRoute(settings));
  app.delete(PATHS.consoleApp, admin, deleteAppRoute(settings));
  app.get(PATHS.consoleDeliveries, signedIn, listDeliveriesRoute(deps.orders));
  app.get(PATHS.consoleDelivery, signedIn, getDeliveryRoute(deps));
  app.get(PATHS.consoleDeliveryMessages, signedIn, listMessagesRoute(deps.notifier));
  app.get(PATHS.consoleNotifications, signedIn, getNotificationSettingsRoute(settings));
  app.put(PATHS.consoleNotifications, admin, requireJson, json, putNotificationSettingsRoute(settings));
  app.get(PATHS.consoleBrand, signedIn, getBrandRoute(settings));
  app.put(PATHS.consoleBrand, admin, requireJson, json, putBrandRoute(settings));
  app.delete(PATHS.consoleBrand, admin, putBrandRoute(settings, true));
  app.get(PATHS.consoleWording, signedIn, getWordingRoute(settings));
  app.put(PATHS.consoleWordingOf, admin, requireJson, json, putWordingRoute(settings));
  app.delete(PATHS.consoleWordingOf, admin, putWordingRoute(settings, true));
  app.post(PATHS.consoleWordingPreview, signedIn, requireJson, json, previewWordingRoute(deps.notifier));
  app.get(PATHS.consoleWebhooks, signedIn, listWebhookEndpointsRoute(settings));
  app.post(PATHS.consoleWebhooks, admin, requireJson, json, addWebhookEndpointRoute(settings));
  app.post(PATHS.consoleWebhookSecret, admin, json, rotateWebhookSecretRoute(settings));
  app.patch(PATHS.consoleWebhook, admin, requireJson, json, changeWebhookEndpointRoute(settings));
  app.delete(PATHS.consoleWebhook, admin, deleteWebhookEndpointRoute(settings));
  app.get(PATHS.consoleServicePlans, signedIn, listServicePlansRoute(settings));
  app.put(PATHS.consoleServicePlan, admin, requireJson, json, putServicePlanRoute(settings));
  app.delete(PATHS.consoleServicePlan, admin, deleteServicePlanRoute(settings));
  app.get(PATHS.consoleFleets, signedIn, listFleetsRoute({ ...settings, kv: deps.kv }));
  app.post(PATHS.consoleFleets, admin, requireJson, json, addFleetRoute(settings));
  app.put(PATHS.consoleFleet, admin, requireJson, json, replaceFleetRoute(settings));
  app.delete(PATHS.consoleFleet, admin, deleteFleetRoute(settings));
  app.get(PATHS.consoleFleetDrivers, signedIn, listDriversRoute(settings));
  app.post(PATHS.consoleFleetDrivers, admin, requireJson, json, addDriverRoute(settings));
  app.delete(PATHS.consoleFleetDriver, admin, removeDriverRoute(settings));
  app.put(PATHS.consoleDriverAssignment, admin, requireJson, json, setDriverAssignmentRoute(settings));
  app.post(PATHS.consoleDeliveryDriver, admin, requireJson, json, assignDriverRoute(deps));
  app.post(PATHS.consoleDriverSignInCode, admin, issueSignInCodeRoute({ accounts: deps.accounts, codes }));
  app.get(PATHS.consoleDriverSessions, signedIn, listDriverSessionsRoute({ accounts: deps.accounts, clock: deps.clock }));
  app.delete(PATHS.consoleDriverSession, admin, revokeDriverSessionRoute(settings));
  const webhooks = deps.webhookDeliveries;
  app.get(PATHS.consoleWebhookDeliveries, signedIn, listWebhookDeliveriesRoute(webhooks, consoleAccountOf));
  app.post(PATHS.consoleReplayWebhookDelivery, admin, replayWebhookDeliveryRoute(webhooks, consoleAccountOf));
  app.post(
    PATHS.consoleReplayFailedWebhookDeliveries,
    admin,
    requireJson,
    json,
    replayFailedWebhookDeliveriesRoute(webhooks, consoleAccountOf),
  );
}
