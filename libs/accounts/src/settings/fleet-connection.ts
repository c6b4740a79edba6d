import { randomBytes } from 'node:crypto';
import { courierWebhookPath, hashOfAuthorization, type CourierWebhook } from '../courier-webhook';
import type { Fleet } from '../fleet';
import { fleetLimitProblem } from '../fleet-limits';
import { withBoundingBoxes } from '../service-area';
import { generateWebhookSecret } from '../webhook-secret';
import { checkConfiguredUrl } from './configured-url';
import { InvalidSetting } from './invalid-setting';
import type { SettingsDeps } from './settings-deps';

/** A fleet's settings as given, to add or to replace another; its team id defaults to the replaced fleet's, or `team-{id}`. */
export type FleetSettings = Omit<Fleet, 'externalTeamId' | 'revision'> & { externalTeamId?: string };

/** A fleet ready to store, and what its caller is shown this once. */
export interface ConnectedFleet {
  fleet: Fleet;
  /** The new secret its dispatch calls are signed with; null when it kept its own, or has no dispatch URL. */
  signingSecret: string | null;
  courierWebhook: CourierWebhook | null;
}

/**
 * The fleet to store, added or replacing `previous` (same id), checked against what the
 * account may hold (its `fleets`, as the caller read them, or read here) and the outbound policy (an HTTP fleet's quote and dispatch URLs, a
 * courier's API address). One given a `dispatchUrl` is told there of its dispatches and
 * cancellations, signed with the secret `previous` had, or else a new one: as with webhook
 * endpoints, changing a fleet's settings never changes the key it checks with. A DoorDash
 * fleet likewise keeps, or is given, the credential its status webhooks must carry
 * (DoorDash's portal sends it as HTTP Basic); a new Uber Direct or Onfleet fleet is answered
 * its webhook path, to set in the network's dashboard.
 */
export async function connectedFleet(
  settings: FleetSettings,
  { dispatchUrl, previous, fleets }: { dispatchUrl?: string; previous?: Fleet; fleets?: readonly Fleet[] },
  deps: Pick<SettingsDeps, 'accounts' | 'urlPolicy' | 'resolve'>,
): Promise<ConnectedFleet> {
  const fleet: Fleet = {
    ...settings,
    externalTeamId: settings.externalTeamId ?? previous?.externalTeamId ?? `team-${settings.id}`,
    serviceArea: settings.serviceArea && withBoundingBoxes(settings.serviceArea),
    ...(previous?.revision !== undefined && { revision: previous.revision }),
  };
  // What the account may hold is checked first: a refusal then costs no address lookup.
  const others = (fleets ?? (await deps.accounts.listFleets(fleet.accountId))).filter((other) => other.id !== fleet.id);
  const calls = fleet.connector.kind === 'http' && dispatchUrl !== undefined ? { ...fleet.connector, dispatchUrl } : fleet.connector;
  const overLimit = fleetLimitProblem({ ...fleet, connector: calls }, others);
  if (overLimit) throw new InvalidSetting(overLimit);
  let signingSecret: string | null = null;
  let courierWebhook: CourierWebhook | null = null;
  if (fleet.connector.kind === 'http') await checkConfiguredUrl('connector.url', fleet.connector.url, deps);
  if (fleet.connector.kind === 'doordash') {
    await checkConfiguredUrl('connector.base_url', fleet.connector.baseUrl, deps);
    const kept = previous?.connector.kind === 'doordash' ? previous.connector.webhookAuthorizationHash : null;
    if (!kept) {
      const authorization = `Basic ${Buffer.from(`doordash:${randomBytes(24).toString('base64url')}`).toString('base64')}`;
      courierWebhook = { path: courierWebhookPath(fleet), authorization };
    }
    fleet.connector = { ...fleet.connector, webhookAuthorizationHash: kept ?? hashOfAuthorization(courierWebhook!.authorization!) };
  }
  if (fleet.connector.kind === 'uber-direct') {
    await checkConfiguredUrl('connector.base_url', fleet.connector.baseUrl, deps);
    await checkConfiguredUrl('connector.token_url', fleet.connector.tokenUrl, deps);
    if (previous?.connector.kind !== 'uber-direct') courierWebhook = { path: courierWebhookPath(fleet), authorization: null };
    // A change that gives no webhook signing key keeps the one Uber's dashboard gave before.
    const kept = previous?.connector.kind === 'uber-direct' ? previous.connector.webhookSigningKey : null;
    fleet.connector = { ...fleet.connector, webhookSigningKey: fleet.connector.webhookSigningKey ?? kept };
  }
  if (fleet.connector.kind === 'onfleet') {
    await checkConfiguredUrl('connector.base_url', fleet.connector.baseUrl, deps);
    if (previous?.connector.kind !== 'onfleet') courierWebhook = { path: courierWebhookPath(fleet), authorization: null };
    // A change that gives no webhook secret keeps the one Onfleet's dashboard gave before.
    const kept = previous?.connector.kind === 'onfleet' ? previous.connector.webhookSecret : null;
    fleet.connector = { ...fleet.connector, webhookSecret: fleet.connector.webhookSecret ?? kept };
  }
  if (dispatchUrl !== undefined) {
    const { connector } = fleet;
    if (connector.kind !== 'http') throw new InvalidSetting('a dispatch URL is for a fleet asked over HTTP');
    await checkConfiguredUrl('connector.dispatch_url', dispatchUrl, deps);
    const kept = previous?.connector.kind === 'http' ? previous.connector.signingSecret : null;
    if (!kept) signingSecret = generateWebhookSecret();
    fleet.connector = { ...connector, dispatchUrl, signingSecret: kept ?? signingSecret };
  }
  return { fleet, signingSecret, courierWebhook };
}
