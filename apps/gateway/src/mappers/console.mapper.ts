import type { AccountUser, ClientApp, WebhookEndpoint } from '@delivery/accounts';
import type { ConsoleClientAppView, ConsoleDeliverySummaryView, ConsoleUserView, ConsoleWebhookEndpointView } from '@delivery/contracts';
import { taskStatusFromMessage, type TaskMessage } from '@delivery/rpc';
import { signingSecretId } from '@delivery/webhooks';

export const toConsoleUser = (user: AccountUser): ConsoleUserView => ({
  id: user.id,
  account_id: user.accountId,
  email: user.email,
  name: user.name,
  role: user.role,
});

/** Never the secret's hash nor the signing key. */
export const toConsoleClientApp = (app: ClientApp): ConsoleClientAppView => ({
  client_id: app.clientId,
  name: app.name,
  created_at: app.createdAt,
  secret_rotated_at: app.secretRotatedAt,
  fleet_id: app.fleetId ?? null,
});

export const toConsoleWebhookEndpoint = (endpoint: WebhookEndpoint): ConsoleWebhookEndpointView => ({
  id: endpoint.id,
  url: endpoint.url,
  event_types: endpoint.eventTypes,
  credentials: endpoint.credentials.kind,
  secrets: endpoint.secrets.map((s) => ({ id: signingSecretId(s.secret), created_at: s.createdAt, expires_at: s.expiresAt })),
  created_at: endpoint.createdAt,
  disabled_at: endpoint.disabledAt,
  disabled_reason: endpoint.disabledReason,
});

/** A delivery as one line of the console's list. */
export const toConsoleDeliverySummary = (task: TaskMessage): ConsoleDeliverySummaryView => ({
  task_id: task.id,
  shipment_id: task.shipmentId,
  order_id: task.orderId,
  fulfillment_id: task.fulfillmentId,
  status: taskStatusFromMessage(task.status),
  created_at: task.createdAt,
  updated_at: task.updatedAt,
  fleet: task.dispatch?.fleetName ?? task.reservation?.fleetName ?? null,
  driver: task.driver?.name ?? null,
  recipient: task.wayPoints.find((w) => w.type === 'DROPOFF')?.party?.contact?.personName ?? null,
});
