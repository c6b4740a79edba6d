import { courierIdentityOf, credentialTroubleOf, removeFleet } from '@delivery/couriers';
import type { KeyValueStore } from '@delivery/key-value';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { consoleAddFleetRequestSchema, consolePutServicePlanRequestSchema, DomainError, fromRequirementsView } from '@delivery/contracts';
import type { AccountRepository, Fleet } from '@delivery/accounts';
import { FleetIdTaken, saveFleet, withNextFleetId, type CourierWebhook, type WebhookEndpointDeps } from '@delivery/webhooks';
import { refusedAsInvalidRequest } from '../http/domain-refusal';
import { consoleAccountOf } from '../console/console-auth';
import { validate } from '../http/validate';
import { fromConsoleDispatchPolicy, fromConsoleFleetConnector, toConsoleFleet, toConsoleServicePlan } from '../mappers/console.mapper';

const planParamsSchema = z.object({ carrierCode: z.string().min(1).max(50), serviceLevel: z.string().min(1).max(50) });
const fleetParamsSchema = z.object({ fleetId: z.coerce.number().int().min(1) });

/** Carriers and service levels (spec 1.7): what Create Order checks and prices with. */
export function listServicePlansRoute({ accounts }: { accounts: AccountRepository }): RequestHandler {
  return async (_req, res) => {
    res.json({ service_plans: (await accounts.listServicePlans(consoleAccountOf(res.locals))).map(toConsoleServicePlan) });
  };
}

/** Sets the plan for a carrier code and service level, adding it or replacing the one there. */
export function putServicePlanRoute({ accounts }: { accounts: AccountRepository }): RequestHandler {
  return async (req, res) => {
    const { carrierCode, serviceLevel } = validate(planParamsSchema, req.params);
    const body = validate(consolePutServicePlanRequestSchema, req.body);
    const accountId = consoleAccountOf(res.locals);
    const previous = await accounts.findServicePlan(accountId, carrierCode, serviceLevel);
    const replaced = Boolean(previous);
    const dispatchPolicy =
      body.dispatch_policy === undefined
        ? (previous?.dispatchPolicy ?? null)
        : body.dispatch_policy && fromConsoleDispatchPolicy(body.dispatch_policy);
    const plan = {
      accountId,
      carrierCode,
      serviceLevel,
      carrierName: body.carrier_name ?? carrierCode,
      currency: body.currency,
      baseCharge: body.base_charge,
      perKgCharge: body.per_kg_charge,
      dispatchPolicy,
      requirements:
        body.requirements === undefined ? (previous?.requirements ?? null) : body.requirements && fromRequirementsView(body.requirements),
    };
    await accounts.putServicePlan(plan);
    res.status(replaced ? 200 : 201).json({ service_plan: toConsoleServicePlan(plan), replaced });
  };
}

export function deleteServicePlanRoute({ accounts }: { accounts: AccountRepository }): RequestHandler {
  return async (req, res) => {
    const { carrierCode, serviceLevel } = validate(planParamsSchema, req.params);
    if (!(await accounts.deleteServicePlan(consoleAccountOf(res.locals), carrierCode, serviceLevel))) {
      throw new DomainError('SERVICE_PLAN_NOT_FOUND', `No service plan for ${carrierCode} ${serviceLevel}`);
    }
    res.status(204).end();
  };
}

/** The account's fleets, each courier fleet with whether its network refuses its credentials now. */
export function listFleetsRoute({ accounts, kv }: { accounts: AccountRepository; kv: KeyValueStore }): RequestHandler {
  return async (_req, res) => {
    const fleets = await accounts.listFleets(consoleAccountOf(res.locals));
    // Only a courier network's fleet can have its credentials refused: the others are not looked up.
    const troubles = await Promise.all(
      fleets.map((fleet) => (courierIdentityOf(fleet.connector) ? credentialTroubleOf(kv, fleet).catch(() => null) : null)),
    );
    res.json({ fleets: fleets.map((fleet, i) => toConsoleFleet(fleet, troubles[i])) });
  };
}

/** The fleet a request describes, stored under `id` (replacing `previous`); a new dispatch signing secret is answered once. */
async function putFleetFrom(
  request: unknown,
  accountId: string,
  id: number,
  deps: WebhookEndpointDeps,
  previous?: Fleet,
  adding = false,
): Promise<{ fleet: Fleet; signing_secret: string | null; courier_webhook: CourierWebhook | null }> {
  const body = validate(consoleAddFleetRequestSchema, request);
  const settings = {
    accountId,
    id,
    name: body.name,
    fleetType: body.fleet_type,
    externalTeamId: body.external_team_id,
    carrierCodes: body.carrier_codes,
    serviceLevels: body.service_levels,
    serviceArea:
      body.service_area === undefined
        ? (previous?.serviceArea ?? null)
        : body.service_area && { postalCodes: body.service_area.postal_codes, areas: body.service_area.areas },
    capabilities: body.capabilities === undefined ? (previous?.capabilities ?? null) : body.capabilities,
    connector: fromConsoleFleetConnector(body.connector),
  };
  const dispatchUrl = (body.connector.kind === 'http' && body.connector.dispatch_url) || undefined;
  const { fleet, signingSecret, courierWebhook } = await refusedAsInvalidRequest(() =>
    saveFleet(settings, { dispatchUrl, previous, adding }, deps),
  );
  return { fleet, signing_secret: signingSecret, courier_webhook: courierWebhook };
}

/** Adds a fleet under the next free id; an add racing another for it takes the one after. */
export function addFleetRoute(deps: WebhookEndpointDeps): RequestHandler {
  return async (req, res) => {
    const accountId = consoleAccountOf(res.locals);
    try {
      const { fleet, signing_secret, courier_webhook } = await withNextFleetId(deps.accounts, accountId, (id) =>
        putFleetFrom(req.body, accountId, id, deps, undefined, true),
      );
      res.status(201).json({ fleet: toConsoleFleet(fleet), signing_secret, courier_webhook });
    } catch (error) {
      if (!(error instanceof FleetIdTaken)) throw error;
      throw new DomainError('SERVICE_UNAVAILABLE', 'Fleets are being added at the same moment; try again');
    }
  };
}

/** Replaces a fleet's settings, keeping its id (its tasks and fleet app refer to it). */
export function replaceFleetRoute(deps: WebhookEndpointDeps): RequestHandler {
  return async (req, res) => {
    const { fleetId } = validate(fleetParamsSchema, req.params);
    const accountId = consoleAccountOf(res.locals);
    const previous = await deps.accounts.getFleet(accountId, fleetId);
    if (!previous) throw new DomainError('FLEET_NOT_FOUND', `No fleet ${fleetId}`);
    const { fleet, signing_secret, courier_webhook } = await putFleetFrom(req.body, accountId, fleetId, deps, previous);
    res.json({ fleet: toConsoleFleet(fleet), signing_secret, courier_webhook });
  };
}

/** Get Quotes stops asking the fleet; reservations already held keep their quote. */
export function deleteFleetRoute({ accounts, kv }: { accounts: AccountRepository; kv: KeyValueStore }): RequestHandler {
  return async (req, res) => {
    const { fleetId } = validate(fleetParamsSchema, req.params);
    if (!(await removeFleet(consoleAccountOf(res.locals), fleetId, { accounts, holds: async () => kv })))
      throw new DomainError('FLEET_NOT_FOUND', `No fleet ${fleetId}`);
    res.status(204).end();
  };
}
