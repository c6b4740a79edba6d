import { COURIER_WEBHOOK_ROUTE } from '@delivery/accounts';

/** Every path the gateway serves: spec section 4's as it writes them (`partner` is the platform segment), then ours. */
const V1_ORDERS = '/partner-integrations-service/v1/integrations/partner/orders';
const V2 = '/partner-integrations-service/v2/integrations/partner';
/** Beyond the spec: the caller's own webhook deliveries (docs/decisions.md). */
const ADMIN_WEBHOOKS = '/admin/v1/webhooks';
/** Beyond the spec: the account settings console's API, for its signed-in users (issue 16). */
export const CONSOLE_API = '/console/api';
/** Beyond the spec: the driver app's API (issue 52). */
export const DRIVER_API = '/driver/api';
const DRIVER_TASK = `${DRIVER_API}/tasks/:taskId`;
/** Beyond the spec: the fleet API, for a fleet's own app (docs/fleet-api.md). */
const FLEET_TASK = '/fleet/v1/tasks/:taskId';

export const PATHS = {
  /** Beyond the spec: a page for a person opening the gateway's address, and its icon. */
  home: '/',
  favicon: '/favicon.ico',
  health: '/health',
  /** Beyond the spec: the OpenAPI 3.1 document of every endpoint, and a page to read it. */
  openApi: '/openapi.json',
  apiDocs: '/docs',
  token: '/oauth/token',
  createOrder: V1_ORDERS,
  getOrder: `${V1_ORDERS}/:id`,
  cancelOrder: `${V1_ORDERS}/cancel`,
  getOrderDocument: `${V1_ORDERS}/:id/documents/:documentId`,
  notes: '/partner-integrations-service/v1/integrations/tasks/:taskId/way_points/:wayPointId/notes',
  legacyNotes: '/partner_api/tasks/:taskId/way_points/:wayPointId/notes',
  getQuotes: `${V2}/quotes`,
  /** Beyond the spec: Create Order's dispatch decision without creating the order. */
  dispatchDecision: `${V2}/dispatch-decisions`,
  createSoftReservation: `${V2}/orders`,
  createHardReservation: `${V2}/orders`,
  webhookDeliveries: `${ADMIN_WEBHOOKS}/deliveries`,
  webhookDelivery: `${ADMIN_WEBHOOKS}/deliveries/:id`,
  replayWebhookDelivery: `${ADMIN_WEBHOOKS}/deliveries/:id/replay`,
  replayFailedWebhookDeliveries: `${ADMIN_WEBHOOKS}/endpoints/:endpointId/replay-failed`,
  /** Beyond the spec: a courier fleet's status webhooks (docs/couriers.md). */
  courierWebhooks: COURIER_WEBHOOK_ROUTE,
  /** Beyond the spec: the recipient's tracking page, opened by the unguessable token in `tracking_url`. */
  tracking: '/track/:token',
  /** Beyond the spec: Twilio's status callback and incoming-message webhook of an account's SMS (docs/decisions.md, "Telling the recipient"). */
  twilioStatus: '/notifications/twilio/:accountId/status',
  twilioInbound: '/notifications/twilio/:accountId/inbound',
  /** Beyond the spec: an e-mail's unsubscribe link (RFC 8058 one-click on POST). */
  unsubscribe: '/unsubscribe/:token',
  /** The console's web page; its API is under /console/api. */
  consolePage: '/console',
  consoleSession: `${CONSOLE_API}/session`,
  consoleSessionPassword: `${CONSOLE_API}/session/password`,
  consoleUsers: `${CONSOLE_API}/users`,
  consoleUser: `${CONSOLE_API}/users/:userId`,
  consoleUserRole: `${CONSOLE_API}/users/:userId/role`,
  consoleUserPassword: `${CONSOLE_API}/users/:userId/password`,
  consoleApps: `${CONSOLE_API}/apps`,
  consoleApiUsage: `${CONSOLE_API}/usage`,
  consoleApp: `${CONSOLE_API}/apps/:clientId`,
  consoleAppSecret: `${CONSOLE_API}/apps/:clientId/secret`,
  consoleDeliveries: `${CONSOLE_API}/deliveries`,
  consoleDelivery: `${CONSOLE_API}/deliveries/:taskId`,
  consoleDeliveryMessages: `${CONSOLE_API}/deliveries/:taskId/messages`,
  consoleDeliveryDriver: `${CONSOLE_API}/deliveries/:taskId/driver`,
  consoleServicePlans: `${CONSOLE_API}/service-plans`,
  consoleServicePlan: `${CONSOLE_API}/service-plans/:carrierCode/:serviceLevel`,
  consoleFleets: `${CONSOLE_API}/fleets`,
  consoleFleet: `${CONSOLE_API}/fleets/:fleetId`,
  consoleFleetDrivers: `${CONSOLE_API}/fleets/:fleetId/drivers`,
  consoleFleetDriver: `${CONSOLE_API}/fleets/:fleetId/drivers/:driverId`,
  consoleDriverAssignment: `${CONSOLE_API}/fleets/:fleetId/driver-assignment`,
  consoleDriverSignInCode: `${CONSOLE_API}/fleets/:fleetId/drivers/:driverId/sign-in-code`,
  consoleDriverSessions: `${CONSOLE_API}/fleets/:fleetId/drivers/:driverId/sessions`,
  consoleDriverSession: `${CONSOLE_API}/fleets/:fleetId/drivers/:driverId/sessions/:sessionId`,
  /** The driver app's web page (a fleet's own drivers, on their phones); its API is under /driver/api. */
  driverPage: '/driver',
  /** Beyond the spec: the driver app's API, for a fleet's own drivers signed in on their phones (docs/driver-app.md). */
  driverSignInCode: `${DRIVER_API}/sign-in/code`,
  driverSession: `${DRIVER_API}/session`,
  driverTasks: `${DRIVER_API}/tasks`,
  driverTask: DRIVER_TASK,
  driverAccept: `${DRIVER_TASK}/accept`,
  driverReject: `${DRIVER_TASK}/reject`,
  driverStart: `${DRIVER_TASK}/start`,
  driverLocation: `${DRIVER_TASK}/location`,
  driverReturn: `${DRIVER_TASK}/return`,
  driverArrive: `${DRIVER_TASK}/way_points/:wayPointId/arrive`,
  driverComplete: `${DRIVER_TASK}/way_points/:wayPointId/complete`,
  driverFail: `${DRIVER_TASK}/way_points/:wayPointId/fail`,
  driverMedia: `${DRIVER_TASK}/media/:kind`,
  driverMediaUploadUrl: `${DRIVER_TASK}/media/:kind/upload-url`,
  driverMediaFinish: `${DRIVER_TASK}/media/:kind/finish`,
  /** Beyond the spec: a stored proof of delivery, by the expiring link Get Order, webhooks and the tracking page give. */
  proofMedia: '/media/*key',
  consoleNotifications: `${CONSOLE_API}/notifications`,
  consoleBrand: `${CONSOLE_API}/brand`,
  consoleWording: `${CONSOLE_API}/notifications/wording`,
  consoleWordingOf: `${CONSOLE_API}/notifications/wording/:moment/:language`,
  consoleWordingPreview: `${CONSOLE_API}/notifications/preview`,
  consoleWebhooks: `${CONSOLE_API}/webhooks`,
  consoleWebhook: `${CONSOLE_API}/webhooks/:endpointId`,
  consoleWebhookSecret: `${CONSOLE_API}/webhooks/:endpointId/secret`,
  consoleWebhookDeliveries: `${CONSOLE_API}/webhook-deliveries`,
  consoleReplayWebhookDelivery: `${CONSOLE_API}/webhook-deliveries/:id/replay`,
  consoleReplayFailedWebhookDeliveries: `${CONSOLE_API}/webhooks/:endpointId/replay-failed`,
  fleetTasks: '/fleet/v1/tasks',
  fleetTask: FLEET_TASK,
  fleetAccept: `${FLEET_TASK}/accept`,
  fleetReject: `${FLEET_TASK}/reject`,
  fleetDriver: `${FLEET_TASK}/driver`,
  fleetStart: `${FLEET_TASK}/start`,
  fleetLocation: `${FLEET_TASK}/location`,
  fleetReturn: `${FLEET_TASK}/return`,
  fleetArrive: `${FLEET_TASK}/way_points/:wayPointId/arrive`,
  fleetComplete: `${FLEET_TASK}/way_points/:wayPointId/complete`,
  fleetFail: `${FLEET_TASK}/way_points/:wayPointId/fail`,
} as const;

export const trackingPath = (token: string) => `/track/${encodeURIComponent(token)}`;

export const orderDocumentPath = (taskId: string, documentId: string) =>
  `${V1_ORDERS}/${encodeURIComponent(taskId)}/documents/${encodeURIComponent(documentId)}`;
