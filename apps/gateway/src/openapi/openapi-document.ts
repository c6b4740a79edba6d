import { z } from 'zod';
import { oauthErrorSchema, problemDocumentSchema, shipResponseSchema } from '@delivery/contracts';
import { SESSION_COOKIE } from '../console/session-cookie';
import { PATHS } from '../routes/paths';
import { DRIVER_COOKIE } from '../drivers/driver-cookie';
import { openApiWebhooks } from './openapi-webhooks';
import { withSharedSchemas } from './shared-schemas';
import { CONSOLE_OPERATIONS } from './console-operations';
import { DRIVER_OPERATIONS } from './driver-operations';
import { FLEET_OPERATIONS } from './fleet-operations';
import { INTEGRATION_OPERATIONS } from './integration-operations';
import type { Envelope, Operation } from './operation';

/** Every endpoint the gateway serves, with the zod schemas its bodies are parsed and written with. */
export const OPERATIONS: Operation[] = [...INTEGRATION_OPERATIONS, ...FLEET_OPERATIONS, ...CONSOLE_OPERATIONS, ...DRIVER_OPERATIONS];

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
/** Express's `:name` and `*name` (a rest of the path, slashes and all) as OpenAPI's `{name}`. */
export const openApiPath = (path: string) => path.replace(/[:*](\w+)/g, '{$1}');
const parametersOf = (path: string) =>
  [...path.matchAll(/[:*](\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));

function queryParametersOf(query: z.ZodObject | undefined) {
  if (!query) return [];
  const { properties = {}, required = [] } = jsonSchema(query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.includes(name), schema }));
}

const SECURITY = {
  integration: [{ clientToken: [] }],
  fleet: [{ fleetToken: [] }],
  console: [{ consoleSession: [] }],
  driver: [{ driverSession: [] }],
  signature: [],
  courier: [{ courierWebhook: [] }, { courierSignature: [] }, { onfleetSignature: [] }],
  none: [],
};

function content(body: Operation['responses'][number], io: 'input' | 'output', title?: string) {
  if (body === null) return undefined;
  if (typeof body === 'string') return { [body]: { schema: { type: 'string' } } };
  return { 'application/json': { schema: { ...(title && { title }), ...jsonSchema(body, io) } } };
}

/** Signing in (and asking for a driver's code) takes no Idempotency-Key: each starts a session of its own. */
const SIGN_INS: string[] = [PATHS.token, PATHS.consoleSession, PATHS.driverSession, PATHS.driverSignInCode];

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
    const signsIn = SIGN_INS.includes(op.path) && op.auth === 'none';
    const writes = op.method !== 'get' && !signsIn;
    // A signed-in browser's change carries its session's CSRF token instead.
    const consoleWrite = (op.auth === 'console' || op.auth === 'driver') && op.method !== 'get';
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
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // Relative: every gateway serves the document of its own address.
    servers: [{ url: '/', description: 'The gateway that serves this document' }],
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
        driverSession: {
          type: 'apiKey',
          in: 'cookie',
          name: DRIVER_COOKIE,
          description: "A driver's session on their phone, from signing in with the phone and a one-time code",
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
        webhookSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'webhook-signature',
          description: "Our webhooks to a caller's endpoint: Standard Webhooks signatures with the endpoint's whsec_ secret",
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
