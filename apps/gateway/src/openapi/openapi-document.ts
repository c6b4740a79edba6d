import { z } from 'zod';
import { doordashWebhookSchema, onfleetWebhookSchema, uberWebhookSchema } from '@delivery/couriers';
import {
  accessTokenSchema,
  addNoteResponseSchema,
  cancelEventSchema,
  createOrderRequestSchema,
  fleetCompleteRequestSchema,
  fleetDriverRequestSchema,
  fleetFailRequestSchema,
  fleetLocationRequestSchema,
  fleetRejectRequestSchema,
  fleetTaskListQuerySchema,
  fleetTaskListResponseSchema,
  fleetTaskResponseSchema,
  getQuotesRequestSchema,
  dispatchDecisionResponseSchema,
  listNotesResponseSchema,
  noteSchema,
  oauthErrorSchema,
  orderRecordSchema,
  problemDocumentSchema,
  quoteResponseSchema,
  replayFailedDeliveriesRequestSchema,
  shipResponseSchema,
  softReservationRequestSchema,
  tokenRequestSchema,
  webhookDeliverySchema,
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
  consoleAddFleetRequestSchema,
  consoleAddedFleetSchema,
  consoleFleetListSchema,
  consolePutServicePlanRequestSchema,
  consoleServicePlanListSchema,
  consoleServicePlanSchema,
  consoleDeliveryDetailSchema,
  consoleDeliveryListSchema,
  consoleIssuedSigningSecretSchema,
  consoleRotateWebhookSecretRequestSchema,
  consoleWebhookEndpointListSchema,
  consoleChangeWebhookRequestSchema,
  consoleWebhookEndpointAnswerSchema,
} from '@delivery/contracts';
import { SESSION_COOKIE } from '../console/session-cookie';
import { PATHS } from '../routes/paths';
import { openApiWebhooks } from './openapi-webhooks';
import { withSharedSchemas } from './shared-schemas';

/** How a route answers errors; `page` routes answer with their own HTML pages. */
type Envelope = 'ship' | 'problem' | 'oauth' | 'page';

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: string;
  auth: 'integration' | 'fleet' | 'none' | 'signature' | 'console' | 'courier';
  envelope: Envelope;
  request?: z.ZodType;
  /** The query parameters, by the schema the route reads `req.query` with. */
  query?: z.ZodObject;
  /** Status -> body schema (null: no body); errors in the envelope are added for every operation. */
  responses: Record<number, z.ZodType | null | 'text/html' | 'text/plain' | 'application/octet-stream'>;
}

const deliveryAnswer = z.object({ success: z.literal(true), delivery: webhookDeliverySchema });
const replayedAnswer = z.object({ success: z.literal(true), replayed: z.number().int() });
const consolePlanAnswer = z.object({ service_plan: consoleServicePlanSchema, replaced: z.boolean() });
const consoleUserAnswer = z.object({ user: consoleUserSchema });
const deliveryListAnswer = z.object({ success: z.literal(true), deliveries: z.array(webhookDeliverySchema) });
const emptyBody = z.object({});
/** Read by hand in legacy-auth.ts, which also takes the timestamp as a number; described here for callers. */
const legacySignedQuery = z.object({
  access_token: z.string(),
  timestamp: z
    .string()
    .regex(/^\d{1,16}$/)
    .describe('epoch milliseconds, within 5 minutes of our clock'),
  signature: z.string().describe('hex HMAC-SHA256, keyed by the app’s request-signing key, of the canonical JSON of the other parameters'),
});

/** A fleet's report on its task: each answers with the task as the fleet sees it. */
const fleetAction = (method: Operation['method'], path: string, summary: string, request: z.ZodType = emptyBody): Operation => ({
  method,
  path,
  summary,
  tag: 'Fleet API',
  auth: 'fleet',
  envelope: 'problem',
  request,
  responses: { 200: fleetTaskResponseSchema },
});

/** A call of a signed-in console user; its changes carry the session's CSRF token. */
const consoleOperation = (
  method: Operation['method'],
  path: string,
  summary: string,
  responses: Operation['responses'],
  request?: z.ZodType,
): Operation => ({ method, path, summary, tag: 'Console', auth: 'console', envelope: 'problem', request, responses });

/** Every endpoint the gateway serves, with the zod schemas its bodies are parsed and written with. */
export const OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: PATHS.token,
    summary: 'Get an access token (OAuth 2.0 client credentials)',
    tag: 'Authentication',
    auth: 'none',
    envelope: 'oauth',
    request: tokenRequestSchema,
    responses: { 200: accessTokenSchema },
  },
  {
    method: 'post',
    path: PATHS.createOrder,
    summary: 'Create Order (Same-Day)',
    tag: 'Orders',
    auth: 'integration',
    envelope: 'ship',
    request: createOrderRequestSchema,
    responses: { 200: shipResponseSchema },
  },
  {
    method: 'get',
    path: PATHS.getOrder,
    summary: 'Get Order',
    tag: 'Orders',
    auth: 'integration',
    envelope: 'ship',
    responses: { 200: shipResponseSchema },
  },
  {
    method: 'post',
    path: PATHS.cancelOrder,
    summary: 'Cancel Order (FulfillmentCancel event)',
    tag: 'Orders',
    auth: 'integration',
    envelope: 'ship',
    request: cancelEventSchema,
    responses: { 200: shipResponseSchema },
  },
  {
    method: 'get',
    path: PATHS.getOrderDocument,
    summary: 'Get a shipping label document',
    tag: 'Orders',
    auth: 'integration',
    envelope: 'ship',
    responses: { 200: 'application/octet-stream' },
  },
  {
    method: 'post',
    path: PATHS.getQuotes,
    summary: 'Get Quotes',
    tag: 'Planned delivery',
    auth: 'integration',
    envelope: 'ship',
    request: getQuotesRequestSchema,
    responses: { 200: quoteResponseSchema },
  },
  {
    method: 'post',
    path: PATHS.dispatchDecision,
    summary: "Dry run of Create Order's dispatch: how the plan's policy ranks the fleets, nothing created",
    tag: 'Orders',
    auth: 'integration',
    envelope: 'ship',
    request: createOrderRequestSchema,
    responses: { 200: dispatchDecisionResponseSchema },
  },
  {
    method: 'post',
    path: PATHS.createSoftReservation,
    summary: 'Create Soft Reservation',
    tag: 'Planned delivery',
    auth: 'integration',
    envelope: 'ship',
    request: softReservationRequestSchema,
    responses: { 200: shipResponseSchema },
  },
  {
    method: 'patch',
    path: PATHS.createHardReservation,
    summary: 'Create Hard Reservation (release order record)',
    tag: 'Planned delivery',
    auth: 'integration',
    envelope: 'problem',
    request: orderRecordSchema,
    responses: { 204: null },
  },
  {
    method: 'post',
    path: PATHS.notes,
    summary: 'Add a note for the driver',
    tag: 'Notes',
    auth: 'integration',
    envelope: 'ship',
    request: noteSchema,
    responses: { 201: addNoteResponseSchema },
  },
  {
    method: 'get',
    path: PATHS.notes,
    summary: "List a way point's notes",
    tag: 'Notes',
    auth: 'integration',
    envelope: 'ship',
    responses: { 200: listNotesResponseSchema },
  },
  {
    method: 'post',
    path: PATHS.legacyNotes,
    summary: 'Add a note (legacy path: access_token, timestamp and signature in the body)',
    tag: 'Notes',
    auth: 'signature',
    envelope: 'ship',
    request: noteSchema,
    responses: { 201: addNoteResponseSchema },
  },
  {
    method: 'get',
    path: PATHS.legacyNotes,
    summary: "List a way point's notes (legacy path: access_token, timestamp and signature in the query)",
    tag: 'Notes',
    auth: 'signature',
    envelope: 'ship',
    query: legacySignedQuery,
    responses: { 200: listNotesResponseSchema },
  },
  {
    method: 'get',
    path: PATHS.webhookDeliveries,
    summary: 'List webhook deliveries',
    tag: 'Webhooks',
    auth: 'integration',
    envelope: 'problem',
    query: webhookDeliveryListQuerySchema,
    responses: { 200: deliveryListAnswer },
  },
  {
    method: 'get',
    path: PATHS.webhookDelivery,
    summary: 'Get a webhook delivery with its tries',
    tag: 'Webhooks',
    auth: 'integration',
    envelope: 'problem',
    responses: { 200: deliveryAnswer },
  },
  {
    method: 'post',
    path: PATHS.replayWebhookDelivery,
    summary: 'Replay a failed webhook delivery',
    tag: 'Webhooks',
    auth: 'integration',
    envelope: 'problem',
    responses: { 202: deliveryAnswer },
  },
  {
    method: 'post',
    path: PATHS.replayFailedWebhookDeliveries,
    summary: "Replay an endpoint's failed deliveries since a time",
    tag: 'Webhooks',
    auth: 'integration',
    envelope: 'problem',
    request: replayFailedDeliveriesRequestSchema,
    responses: { 202: replayedAnswer },
  },
  {
    method: 'get',
    path: PATHS.fleetTasks,
    summary: "The fleet's tasks, a page at a time",
    tag: 'Fleet API',
    auth: 'fleet',
    envelope: 'problem',
    query: fleetTaskListQuerySchema,
    responses: { 200: fleetTaskListResponseSchema },
  },
  {
    method: 'get',
    path: PATHS.fleetTask,
    summary: 'One task of the fleet',
    tag: 'Fleet API',
    auth: 'fleet',
    envelope: 'problem',
    responses: { 200: fleetTaskResponseSchema },
  },
  fleetAction('post', PATHS.fleetAccept, 'Accept a dispatched task'),
  fleetAction('post', PATHS.fleetReject, 'Reject a dispatched task', fleetRejectRequestSchema),
  fleetAction('put', PATHS.fleetDriver, 'Name the driver', fleetDriverRequestSchema),
  fleetAction('post', PATHS.fleetStart, 'Start the task'),
  fleetAction('post', PATHS.fleetLocation, "Report the driver's location and ETAs", fleetLocationRequestSchema),
  fleetAction('post', PATHS.fleetReturn, 'Return the parcel to its pickup'),
  fleetAction('post', PATHS.fleetArrive, 'Arrive at a way point'),
  fleetAction('post', PATHS.fleetComplete, 'Complete a way point, with proof of delivery', fleetCompleteRequestSchema),
  fleetAction('post', PATHS.fleetFail, 'Fail a way point', fleetFailRequestSchema),
  {
    method: 'post',
    path: PATHS.courierWebhooks,
    summary: "A courier fleet's status webhook, as its network sends it: DoorDash's, Uber's or Onfleet's (docs/couriers.md)",
    tag: 'Couriers',
    auth: 'courier',
    envelope: 'problem',
    request: z.union([doordashWebhookSchema, uberWebhookSchema, onfleetWebhookSchema]),
    responses: { 200: z.object({ success: z.literal(true), changed: z.boolean() }) },
  },
  {
    method: 'get',
    path: PATHS.courierWebhooks,
    summary: "Onfleet's URL validation: the `check` value answered back as plain text",
    tag: 'Couriers',
    auth: 'none',
    envelope: 'problem',
    query: z.object({ check: z.string() }),
    responses: { 200: 'text/plain' },
  },
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
  consoleOperation('delete', PATHS.consoleFleet, 'Remove a fleet; Get Quotes stops asking it (admin)', { 204: null }),
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
  {
    method: 'get',
    path: PATHS.tracking,
    summary: "The recipient's tracking page",
    tag: 'Tracking',
    auth: 'none',
    envelope: 'page',
    responses: { 200: 'text/html', 400: 'text/html', 404: 'text/html' },
  },
];

const API_ERRORS = [400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503];
const ERRORS: Record<Envelope, { statuses: number[]; schema: z.ZodType; source: string; title: string } | null> = {
  ship: { statuses: API_ERRORS, schema: shipResponseSchema, source: 'spec 7.1 ship envelope', title: 'ShipEnvelope' },
  problem: { statuses: API_ERRORS, schema: problemDocumentSchema, source: 'spec 2.7 problem document', title: 'ProblemDocument' },
  oauth: { statuses: [400, 401, 429, 500], schema: oauthErrorSchema, source: 'RFC 6749 §5.2', title: 'OAuthError' },
  page: null,
};

/**
 * JSON Schema of a wire shape. Requests as they are read (input), answers as they are
 * written (output). Answers may gain fields, so objects are left open to them; what a
 * transform reads leniently (platform values in any shape) is shown as any value.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
  return JSON.parse(JSON.stringify(rest), (key, value) => (key === 'additionalProperties' && value === false ? undefined : value));
}

/** An express path as an OpenAPI path template: `:id` becomes `{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const parametersOf = (path: string) =>
  [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));

function queryParametersOf(query: z.ZodObject | undefined) {
  if (!query) return [];
  const { properties = {}, required = [] } = jsonSchema(query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.includes(name), schema }));
}

const SECURITY = {
  integration: [{ clientToken: [] }],
  fleet: [{ fleetToken: [] }],
  console: [{ consoleSession: [] }],
  signature: [],
  courier: [{ courierWebhook: [] }, { courierSignature: [] }, { onfleetSignature: [] }],
  none: [],
};

function content(body: Operation['responses'][number], io: 'input' | 'output', title?: string) {
  if (body === null) return undefined;
  if (typeof body === 'string') return { [body]: { schema: { type: 'string' } } };
  return { 'application/json': { schema: { ...(title && { title }), ...jsonSchema(body, io) } } };
}

/** The OpenAPI 3.1 document of the gateway, made from the schemas the routes use. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const responses: Record<string, unknown> = {};
    for (const [status, body] of Object.entries(op.responses)) {
      responses[status] = {
        description: status === '204' ? 'No content' : 'Success',
        ...(body !== null && { content: content(body, 'output') }),
      };
    }
    const errors = ERRORS[op.envelope];
    for (const status of errors?.statuses ?? []) {
      responses[String(status)] ??= { $ref: `#/components/responses/${errors!.title}` };
    }
    const request = op.request && jsonSchema(op.request, 'input');
    const requestBody = request && {
      required: true,
      content:
        op.envelope === 'oauth'
          ? { 'application/x-www-form-urlencoded': { schema: request }, 'multipart/form-data': { schema: request } }
          : { 'application/json': { schema: request } },
    };
    const writes = op.method !== 'get' && op.path !== PATHS.token && op.path !== PATHS.consoleSession;
    const consoleWrite = op.auth === 'console' && op.method !== 'get';
    (paths[openApiPath(op.path)] ??= {})[op.method] = {
      summary: op.summary,
      tags: [op.tag],
      operationId: `${op.method}${openApiPath(op.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      security: SECURITY[op.auth],
      parameters: [
        ...parametersOf(op.path),
        ...queryParametersOf(op.query),
        ...(writes && !consoleWrite
          ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } }]
          : []),
        ...(consoleWrite ? [{ name: 'X-CSRF-Token', in: 'header', required: true, schema: { type: 'string' } }] : []),
      ],
      ...(requestBody && { requestBody }),
      responses,
    };
  }
  return withSharedSchemas({
    openapi: '3.1.0',
    info: {
      title: 'Delivery orchestration API',
      version: '1.0.0',
      description:
        'Quotes, reservations, same-day orders, cancellation, order details and notes for drivers (the interface specification), plus the fleet API, webhook deliveries and tracking. Every answer carries RateLimit-Policy and RateLimit headers; a 429 carries Retry-After.',
    },
    paths,
    webhooks: openApiWebhooks((schema) => jsonSchema(schema, 'output')),
    components: {
      // Every operation's error answers share one response per envelope.
      responses: Object.fromEntries(
        Object.values(ERRORS).flatMap((errors) =>
          errors
            ? [[errors.title, { description: `Error (${errors.source})`, content: content(errors.schema, 'output', errors.title) }]]
            : [],
        ),
      ),
      securitySchemes: {
        clientToken: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: PATHS.token, scopes: {} } } },
        consoleSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The console session, from signing in with email and password',
        },
        courierWebhook: {
          type: 'http',
          scheme: 'basic',
          description: "A DoorDash fleet's webhook credential, answered once when the fleet is added; set in DoorDash's portal",
        },
        courierSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'x-uber-signature',
          description: "An Uber Direct fleet's webhooks: hex HMAC-SHA256 of the body with the webhook's signing key from Uber's dashboard",
        },
        onfleetSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'x-onfleet-signature',
          description: "An Onfleet fleet's webhooks: hex HMAC-SHA512 of the body with the organisation's webhook secret (hex-decoded)",
        },
        fleetToken: {
          type: 'oauth2',
          description: "A fleet's own app (create-app --fleet-id)",
          flows: { clientCredentials: { tokenUrl: PATHS.token, scopes: {} } },
        },
      },
    },
  });
}
