/** Every path the gateway serves: spec section 4's as it writes them (`partner` is the platform segment), then ours. */
const V1_ORDERS = '/partner-integrations-service/v1/integrations/partner/orders';
const V2 = '/partner-integrations-service/v2/integrations/partner';
/** Beyond the spec: the caller's own webhook deliveries (docs/decisions.md). */
const ADMIN_WEBHOOKS = '/admin/v1/webhooks';

export const PATHS = {
  health: '/health',
  token: '/oauth/token',
  createOrder: V1_ORDERS,
  getOrder: `${V1_ORDERS}/:id`,
  cancelOrder: `${V1_ORDERS}/cancel`,
  getOrderDocument: `${V1_ORDERS}/:id/documents/:documentId`,
  notes: '/partner-integrations-service/v1/integrations/tasks/:taskId/way_points/:wayPointId/notes',
  legacyNotes: '/partner_api/tasks/:taskId/way_points/:wayPointId/notes',
  getQuotes: `${V2}/quotes`,
  createSoftReservation: `${V2}/orders`,
  createHardReservation: `${V2}/orders`,
  webhookDeliveries: `${ADMIN_WEBHOOKS}/deliveries`,
  webhookDelivery: `${ADMIN_WEBHOOKS}/deliveries/:id`,
  replayWebhookDelivery: `${ADMIN_WEBHOOKS}/deliveries/:id/replay`,
  replayFailedWebhookDeliveries: `${ADMIN_WEBHOOKS}/endpoints/:endpointId/replay-failed`,
} as const;

export const orderDocumentPath = (taskId: string, documentId: string) =>
  `${V1_ORDERS}/${encodeURIComponent(taskId)}/documents/${encodeURIComponent(documentId)}`;
