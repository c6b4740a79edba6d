import { z } from 'zod';
import { doordashWebhookSchema, onfleetWebhookSchema, uberWebhookSchema } from '@delivery/couriers';
import {
  accessTokenSchema,
  addNoteResponseSchema,
  cancelEventSchema,
  createOrderRequestSchema,
  getQuotesRequestSchema,
  dispatchDecisionResponseSchema,
  listNotesResponseSchema,
  noteSchema,
  orderRecordSchema,
  quoteResponseSchema,
  replayFailedDeliveriesRequestSchema,
  shipResponseSchema,
  softReservationRequestSchema,
  tokenRequestSchema,
  webhookDeliveryListQuerySchema,
} from '@delivery/contracts';
import { PATHS } from '../routes/paths';
import { type Operation, deliveryAnswer, replayedAnswer, deliveryListAnswer } from './operation';

/** Read by hand in legacy-auth.ts, which also takes the timestamp as a number; described here for callers. */
const legacySignedQuery = z.object({
  access_token: z.string(),
  timestamp: z
    .string()
    .regex(/^\d{1,16}$/)
    .describe('epoch milliseconds, within 5 minutes of our clock'),
  signature: z.string().describe('hex HMAC-SHA256, keyed by the app’s request-signing key, of the canonical JSON of the other parameters'),
});

/** The integration API (the specification), the legacy notes path, the admin API, couriers' webhooks and tracking. */
export const INTEGRATION_OPERATIONS: Operation[] = [
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
    path: PATHS.tracking,
    summary: "The recipient's tracking page",
    tag: 'Tracking',
    auth: 'none',
    envelope: 'page',
    responses: { 200: 'text/html', 400: 'text/html', 404: 'text/html' },
  },

  {
    method: 'post',
    path: PATHS.tracking,
    summary: "The recipient's instructions for the driver (a form, `instructions`): a note on the drop-off until the pickup",
    tag: 'Tracking',
    auth: 'none',
    envelope: 'page',
    responses: { 200: 'text/html', 400: 'text/html', 404: 'text/html', 413: 'text/html' },
  },

  {
    method: 'post',
    path: PATHS.twilioStatus,
    summary: "Twilio's status callback of an SMS we sent (a form, signed in X-Twilio-Signature with the account's auth token)",
    tag: 'Notifications',
    auth: 'signature',
    envelope: 'problem',
    responses: { 204: null },
  },

  {
    method: 'post',
    path: PATHS.twilioInbound,
    summary: "Twilio's incoming-message webhook: STOP and START replies (a form, signed as the status callback); empty TwiML back",
    tag: 'Notifications',
    auth: 'signature',
    envelope: 'problem',
    responses: { 200: 'text/xml' },
  },

  {
    method: 'get',
    path: PATHS.unsubscribe,
    summary: "An e-mail's unsubscribe link: a page with a button",
    tag: 'Notifications',
    auth: 'none',
    envelope: 'page',
    responses: { 200: 'text/html', 400: 'text/html' },
  },

  {
    method: 'post',
    path: PATHS.unsubscribe,
    summary: 'One-click unsubscribe (RFC 8058): the address gets no more e-mails from the account',
    tag: 'Notifications',
    auth: 'none',
    envelope: 'page',
    responses: { 200: 'text/html', 400: 'text/html', 404: 'text/html' },
  },
];
