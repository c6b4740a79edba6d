import type { z } from 'zod';
import {
  capabilitiesOf,
  DOORDASH_DEFAULTS,
  UBER_DIRECT_DEFAULTS,
  ONFLEET_DEFAULTS,
  type AccountUser,
  type DispatchPolicy,
  type Driver,
  type DriverSession,
  type ClientApp,
  type Fleet,
  type FleetConnectorSettings,
  type ServicePlan,
  type WebhookCredentials,
  type WebhookEndpoint,
} from '@delivery/accounts';
import type {
  ConsoleClientAppView,
  ConsoleDeliverySummaryView,
  ConsoleDriver,
  ConsoleDriverSession,
  consoleFleetConnectorRequestSchema,
  ConsoleFleetView,
  ConsoleServicePlanView,
  ConsoleUserView,
  ConsoleWebhookEndpointView,
  consoleWebhookCredentialsSchema,
  dispatchPolicySchema,
} from '@delivery/contracts';
import { taskStatusFromMessage, type TaskMessage } from '@delivery/rpc';
import { signingSecretId } from '@delivery/accounts';
import { LATENESS_KINDS, memberOf, toRequirementsView } from '@delivery/contracts';
import { rateCardFrom, rateCardView } from './rate-card.mapper';
import type { CredentialTrouble } from '@delivery/couriers';

export const toConsoleDriver = (driver: Driver): ConsoleDriver => ({
  id: driver.id,
  fleet_id: driver.fleetId,
  name: driver.name,
  phone: driver.phone,
  email: driver.email,
  created_at: driver.createdAt,
});

export const toConsoleDriverSession = (session: DriverSession): ConsoleDriverSession => ({
  id: session.id,
  device: session.device,
  created_at: session.createdAt,
  last_used_at: session.lastUsedAt,
  expires_at: session.expiresAt,
});

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
  managed_by: app.managedBy ?? null,
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
  late: task.lateness.flatMap((alert) => memberOf(LATENESS_KINDS, alert.kind) ?? []),
});

export const toConsoleServicePlan = (plan: ServicePlan): ConsoleServicePlanView => ({
  carrier_code: plan.carrierCode,
  service_level: plan.serviceLevel,
  carrier_name: plan.carrierName,
  currency: plan.currency,
  base_charge: plan.baseCharge,
  per_kg_charge: plan.perKgCharge,
  dispatch_policy: plan.dispatchPolicy
    ? {
        strategy: plan.dispatchPolicy.strategy,
        preferred_fleet_ids: plan.dispatchPolicy.preferredFleetIds,
        max_fee: plan.dispatchPolicy.maxFee,
        allowed_fleet_ids: plan.dispatchPolicy.allowedFleetIds,
      }
    : null,
  requirements: plan.requirements ? toRequirementsView(plan.requirements) : null,
});

/** A plan's dispatch policy from the console's request. */
export const fromConsoleDispatchPolicy = (policy: z.infer<typeof dispatchPolicySchema>): DispatchPolicy => ({
  strategy: policy.strategy,
  preferredFleetIds: policy.preferred_fleet_ids,
  maxFee: policy.max_fee,
  allowedFleetIds: policy.allowed_fleet_ids,
});

function connectorView(connector: FleetConnectorSettings): Record<string, unknown> {
  if (connector.kind === 'http') {
    return {
      kind: 'http',
      url: connector.url,
      timeout_ms: connector.timeoutMs,
      dispatch_url: connector.dispatchUrl ?? null,
      signing_secret_id: connector.signingSecret ? signingSecretId(connector.signingSecret) : null,
    };
  }
  if (connector.kind === 'doordash') {
    return {
      kind: 'doordash',
      base_url: connector.baseUrl,
      developer_id: connector.developerId,
      key_id: connector.keyId,
      signing_secret_id: signingSecretId(connector.signingSecret),
      timeout_ms: connector.timeoutMs,
      webhooks: connector.webhookAuthorizationHash ? 'set' : 'none',
    };
  }
  if (connector.kind === 'uber-direct') {
    return {
      kind: 'uber-direct',
      base_url: connector.baseUrl,
      token_url: connector.tokenUrl,
      customer_id: connector.customerId,
      client_id: connector.clientId,
      client_secret_id: signingSecretId(connector.clientSecret),
      webhook_signing_key_id: connector.webhookSigningKey ? signingSecretId(connector.webhookSigningKey) : null,
      timeout_ms: connector.timeoutMs,
    };
  }
  if (connector.kind === 'onfleet') {
    return {
      kind: 'onfleet',
      base_url: connector.baseUrl,
      api_key_id: signingSecretId(connector.apiKey),
      webhook_secret_id: connector.webhookSecret ? signingSecretId(connector.webhookSecret) : null,
      timeout_ms: connector.timeoutMs,
      rate_card: rateCardView({ kind: 'rate-card', ...connector.rateCard }),
    };
  }
  return rateCardView(connector);
}

export const toConsoleFleet = (fleet: Fleet, credentialsRefused: CredentialTrouble | null = null): ConsoleFleetView => ({
  id: fleet.id,
  name: fleet.name,
  fleet_type: fleet.fleetType,
  external_team_id: fleet.externalTeamId,
  carrier_codes: fleet.carrierCodes,
  service_levels: fleet.serviceLevels,
  service_area: fleet.serviceArea ? { postal_codes: fleet.serviceArea.postalCodes, areas: fleet.serviceArea.areas ?? [] } : null,
  capabilities: [...capabilitiesOf(fleet)],
  connector: connectorView(fleet.connector),
  credentials_refused: credentialsRefused,
});

/** A fleet's connector from the console's request: a rate card's or DoorDash fleet's omitted settings take the defaults. */
export function fromConsoleFleetConnector(request: z.infer<typeof consoleFleetConnectorRequestSchema>): FleetConnectorSettings {
  if (request.kind === 'http') return { kind: 'http', url: request.url, timeoutMs: request.timeout_ms };
  if (request.kind === 'doordash') {
    return {
      kind: 'doordash',
      baseUrl: request.base_url ?? DOORDASH_DEFAULTS.baseUrl,
      developerId: request.developer_id,
      keyId: request.key_id,
      signingSecret: request.signing_secret,
      timeoutMs: request.timeout_ms ?? DOORDASH_DEFAULTS.timeoutMs,
    };
  }
  if (request.kind === 'uber-direct') {
    return {
      kind: 'uber-direct',
      baseUrl: request.base_url ?? UBER_DIRECT_DEFAULTS.baseUrl,
      tokenUrl: request.token_url ?? UBER_DIRECT_DEFAULTS.tokenUrl,
      customerId: request.customer_id,
      clientId: request.client_id,
      clientSecret: request.client_secret,
      webhookSigningKey: request.webhook_signing_key ?? null,
      timeoutMs: request.timeout_ms ?? UBER_DIRECT_DEFAULTS.timeoutMs,
    };
  }
  if (request.kind === 'onfleet') {
    const { kind: _kind, ...rateCard } = rateCardFrom({
      kind: 'rate-card',
      ...request.rate_card,
      currency: request.rate_card?.currency ?? 'USD',
    });
    return {
      kind: 'onfleet',
      baseUrl: request.base_url ?? ONFLEET_DEFAULTS.baseUrl,
      apiKey: request.api_key,
      webhookSecret: request.webhook_secret ?? null,
      timeoutMs: request.timeout_ms ?? ONFLEET_DEFAULTS.timeoutMs,
      rateCard,
    };
  }
  return rateCardFrom(request);
}

/** The credentials a console user gave for an endpoint, as stored. */
export function fromConsoleWebhookCredentials(given: z.infer<typeof consoleWebhookCredentialsSchema>): WebhookCredentials {
  if (given.kind !== 'oauth2') return given;
  return {
    kind: 'oauth2',
    tokenUrl: given.token_url,
    clientId: given.client_id,
    clientSecret: given.client_secret,
    scope: given.scope || null,
    user: given.username ? { username: given.username, password: given.password ?? '' } : null,
  };
}
