import { z } from 'zod';
import {
  replayFailedDeliveriesRequestSchema,
  webhookDeliveryListQuerySchema,
  consoleDeliveryListQuerySchema,
  consoleAddAppRequestSchema,
  consoleClientAppListSchema,
  consoleIssuedCredentialsSchema,
  consoleLoginRequestSchema,
  consoleSessionSchema,
  consoleAddWebhookRequestSchema,
  consoleApiUsageSchema,
  consoleAddedUserSchema,
  consoleAddUserRequestSchema,
  consoleSetRoleRequestSchema,
  consoleChangePasswordRequestSchema,
  consoleUserListSchema,
  consoleUserSchema,
  consoleAddDriverRequestSchema,
  consoleAddedDriverSchema,
  consoleAddFleetRequestSchema,
  consoleDriverListSchema,
  consoleDriverAssignmentRequestSchema,
  consoleAssignDriverRequestSchema,
  consoleDriverSessionListSchema,
  consoleDriverSignInCodeSchema,
  consoleAddedFleetSchema,
  consoleFleetListSchema,
  consolePutServicePlanRequestSchema,
  consoleServicePlanListSchema,
  consoleServicePlanSchema,
  consoleDeliveryDetailSchema,
  consoleMessageListSchema,
  consoleNotificationSettingsSchema,
  consolePutNotificationSettingsRequestSchema,
  consoleWordingQuerySchema,
  consoleWordingSchema,
  consolePutWordingRequestSchema,
  consolePreviewRequestSchema,
  consolePreviewSchema,
  consoleBrandSchema,
  consolePutBrandRequestSchema,
  consoleDeliveryListSchema,
  consoleIssuedSigningSecretSchema,
  consoleRotateWebhookSecretRequestSchema,
  consoleWebhookEndpointListSchema,
  consoleChangeWebhookRequestSchema,
  consoleWebhookEndpointAnswerSchema,
} from '@delivery/contracts';
import { PATHS } from '../routes/paths';
import { type Operation, deliveryAnswer, replayedAnswer, deliveryListAnswer } from './operation';

const consolePlanAnswer = z.object({ service_plan: consoleServicePlanSchema, replaced: z.boolean() });

const consoleUserAnswer = z.object({ user: consoleUserSchema });

/** A call of a signed-in console user; its changes carry the session's CSRF token. */
const consoleOperation = (
  method: Operation['method'],
  path: string,
  summary: string,
  responses: Operation['responses'],
  request?: z.ZodType,
): Operation => ({ method, path, summary, tag: 'Console', auth: 'console', envelope: 'problem', request, responses });

/** The console API: what a signed-in console user reads and changes. */
export const CONSOLE_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: PATHS.consolePage,
    summary: 'The account settings console (a web page; its API is under /console/api)',
    tag: 'Console',
    auth: 'none',
    envelope: 'page',
    responses: { 200: 'text/html' },
  },

  {
    method: 'post',
    path: PATHS.consoleSession,
    summary: 'Sign in to the console (sets the session cookie)',
    tag: 'Console',
    auth: 'none',
    envelope: 'problem',
    request: consoleLoginRequestSchema,
    responses: { 200: consoleSessionSchema },
  },

  consoleOperation('get', PATHS.consoleSession, 'Who is signed in, and the CSRF token', { 200: consoleSessionSchema }),

  consoleOperation('delete', PATHS.consoleSession, 'Sign out', { 204: null }),

  consoleOperation('get', PATHS.consoleUsers, "The account's console users", { 200: consoleUserListSchema }),

  consoleOperation(
    'post',
    PATHS.consoleUsers,
    'Add a user: their password is answered this once (owner)',
    { 201: consoleAddedUserSchema },
    consoleAddUserRequestSchema,
  ),

  consoleOperation(
    'put',
    PATHS.consoleUserRole,
    "Change a user's role; an account keeps an owner (owner)",
    { 200: consoleUserAnswer },
    consoleSetRoleRequestSchema,
  ),

  consoleOperation('delete', PATHS.consoleUser, 'Remove a user; their sessions end (owner)', { 204: null }),

  consoleOperation(
    'put',
    PATHS.consoleSessionPassword,
    'Change your own password; your other sessions end and this one is renewed',
    { 200: consoleSessionSchema },
    consoleChangePasswordRequestSchema,
  ),

  consoleOperation(
    'post',
    PATHS.consoleUserPassword,
    "Reset a user's password to a generated one, shown once; their sessions end (owner)",
    {
      200: consoleAddedUserSchema,
    },
  ),

  consoleOperation('get', PATHS.consoleApiUsage, 'Rate limits, and each app’s requests, errors and 429s over the last day', {
    200: consoleApiUsageSchema,
  }),

  consoleOperation('get', PATHS.consoleApps, "The account's client apps, newest first", { 200: consoleClientAppListSchema }),

  consoleOperation(
    'post',
    PATHS.consoleApps,
    'Add a client app: its client id and secret, the secret shown this once (admin)',
    { 201: consoleIssuedCredentialsSchema },
    consoleAddAppRequestSchema,
  ),

  consoleOperation('post', PATHS.consoleAppSecret, "Regenerate an app's secret; the old one and its tokens stop (admin)", {
    200: consoleIssuedCredentialsSchema,
  }),

  consoleOperation('delete', PATHS.consoleApp, 'Delete a client app; its tokens stop (admin)', { 204: null }),

  {
    ...consoleOperation('get', PATHS.consoleDeliveries, 'Deliveries by any of their ids (q), or filtered, newest first, a page at a time', {
      200: consoleDeliveryListSchema,
    }),
    query: consoleDeliveryListQuerySchema,
  },

  consoleOperation('get', PATHS.consoleDelivery, 'One delivery with its notes, timeline and label', { 200: consoleDeliveryDetailSchema }),

  consoleOperation('get', PATHS.consoleNotifications, "What the account's recipients are told, and through which providers (no secret)", {
    200: consoleNotificationSettingsSchema,
  }),

  {
    ...consoleOperation('put', PATHS.consoleNotifications, 'Change them; a secret left out is kept (admin)', {
      200: consoleNotificationSettingsSchema,
    }),
    request: consolePutNotificationSettingsRequestSchema,
  },

  consoleOperation('get', PATHS.consoleBrand, "The account's colour and logo on the recipient's page and in e-mails", {
    200: consoleBrandSchema,
  }),

  {
    ...consoleOperation('put', PATHS.consoleBrand, 'Set them (admin)', { 204: null }),
    request: consolePutBrandRequestSchema,
  },

  consoleOperation('delete', PATHS.consoleBrand, 'Back to none (admin)', { 204: null }),

  {
    ...consoleOperation('get', PATHS.consoleWording, "A moment's wording in a language: the account's own, or the shipped one", {
      200: consoleWordingSchema,
    }),
    query: consoleWordingQuerySchema,
  },

  {
    ...consoleOperation('put', PATHS.consoleWordingOf, "Set the account's own wording of a moment in a language, checked (admin)", {
      204: null,
    }),
    request: consolePutWordingRequestSchema,
  },

  consoleOperation('delete', PATHS.consoleWordingOf, 'Back to the shipped wording (admin)', { 204: null }),

  {
    ...consoleOperation(
      'post',
      PATHS.consoleWordingPreview,
      'A wording rendered as it would go out, for a delivery of the account or a sample one',
      {
        200: consolePreviewSchema,
      },
    ),
    request: consolePreviewRequestSchema,
  },

  consoleOperation('get', PATHS.consoleDeliveryMessages, "The messages told to a delivery's recipient, oldest first; addresses masked", {
    200: consoleMessageListSchema,
  }),

  consoleOperation('get', PATHS.consoleServicePlans, "The account's carriers and service levels", { 200: consoleServicePlanListSchema }),

  consoleOperation(
    'put',
    PATHS.consoleServicePlan,
    'Set the plan of a carrier code and service level, adding or replacing it (admin)',
    { 200: consolePlanAnswer, 201: consolePlanAnswer },
    consolePutServicePlanRequestSchema,
  ),

  consoleOperation('delete', PATHS.consoleServicePlan, 'Remove a service plan (admin)', { 204: null }),

  consoleOperation('get', PATHS.consoleFleets, "The account's fleets with their connector settings", { 200: consoleFleetListSchema }),

  consoleOperation('post', PATHS.consoleFleets, 'Add a fleet (admin)', { 201: consoleAddedFleetSchema }, consoleAddFleetRequestSchema),

  consoleOperation(
    'put',
    PATHS.consoleFleet,
    'Replace a fleet’s settings, keeping its id and its dispatch signing secret (admin)',
    { 200: consoleAddedFleetSchema },
    consoleAddFleetRequestSchema,
  ),

  consoleOperation('delete', PATHS.consoleFleet, 'Remove a fleet and its drivers; Get Quotes stops asking it (admin)', { 204: null }),

  consoleOperation('get', PATHS.consoleFleetDrivers, "A fleet's own drivers, oldest first", { 200: consoleDriverListSchema }),

  consoleOperation(
    'post',
    PATHS.consoleFleetDrivers,
    'Add a driver to a fleet of our fleet API; they sign in on their phone (admin)',
    { 201: consoleAddedDriverSchema },
    consoleAddDriverRequestSchema,
  ),

  consoleOperation('delete', PATHS.consoleFleetDriver, "Remove a fleet's driver; their devices are signed out (admin)", { 204: null }),

  consoleOperation(
    'put',
    PATHS.consoleDriverAssignment,
    'How the fleet’s tasks reach its drivers: offered to all of them, or assigned by the dispatcher (admin)',
    { 200: consoleDriverAssignmentRequestSchema },
    consoleDriverAssignmentRequestSchema,
  ),

  consoleOperation(
    'post',
    PATHS.consoleDeliveryDriver,
    'Hand a delivery to a driver of the fleet it was dispatched to (admin)',
    { 200: consoleAddedDriverSchema },
    consoleAssignDriverRequestSchema,
  ),

  consoleOperation(
    'post',
    PATHS.consoleDriverSignInCode,
    'Make a sign-in code for the dispatcher to read out to the driver, replacing their earlier one (admin)',
    { 201: consoleDriverSignInCodeSchema },
  ),

  consoleOperation('get', PATHS.consoleDriverSessions, "A driver's signed-in devices, oldest first", {
    200: consoleDriverSessionListSchema,
  }),

  consoleOperation('delete', PATHS.consoleDriverSession, 'Sign a device of the driver out (a lost phone; admin)', { 204: null }),

  consoleOperation('get', PATHS.consoleWebhooks, "The account's webhook endpoints", { 200: consoleWebhookEndpointListSchema }),

  consoleOperation(
    'post',
    PATHS.consoleWebhooks,
    'Add a webhook endpoint: its signing secret shown this once (admin)',
    { 201: consoleIssuedSigningSecretSchema },
    consoleAddWebhookRequestSchema,
  ),

  consoleOperation(
    'post',
    PATHS.consoleWebhookSecret,
    "Rotate an endpoint's signing secret; the current ones sign on during the overlap (admin)",
    { 200: consoleIssuedSigningSecretSchema },
    consoleRotateWebhookSecretRequestSchema,
  ),

  consoleOperation(
    'patch',
    PATHS.consoleWebhook,
    'Change a webhook endpoint’s URL, events or credentials, or disable or enable it (admin)',
    { 200: consoleWebhookEndpointAnswerSchema },
    consoleChangeWebhookRequestSchema,
  ),

  consoleOperation('delete', PATHS.consoleWebhook, 'Delete a webhook endpoint (admin)', { 204: null }),

  {
    ...consoleOperation('get', PATHS.consoleWebhookDeliveries, "The account's webhook deliveries, newest first, with every try", {
      200: deliveryListAnswer,
    }),
    query: webhookDeliveryListQuerySchema,
  },

  consoleOperation('post', PATHS.consoleReplayWebhookDelivery, 'Send a failed or dead delivery again (admin)', { 202: deliveryAnswer }),

  consoleOperation(
    'post',
    PATHS.consoleReplayFailedWebhookDeliveries,
    "Replay an endpoint's failed deliveries since a time (admin)",
    { 202: replayedAnswer },
    replayFailedDeliveriesRequestSchema,
  ),
];
