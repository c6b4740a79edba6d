import { courierIdentityOf, credentialTroubleOf } from '@delivery/couriers';
import type { KeyValueStore } from '@delivery/key-value';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { consoleAddFleetRequestSchema, consolePutServicePlanRequestSchema, DomainError, fromRequirementsView } from '@delivery/contracts';
import type { AccountReader, AccountSettings, FleetChange } from '@delivery/accounts';
import { refusedAsInvalidRequest } from '../http/domain-refusal';
import { consoleAccountOf } from '../console/console-auth';
import { validate } from '../http/validate';
import { fromConsoleDispatchPolicy, fromConsoleFleetConnector, toConsoleFleet, toConsoleServicePlan } from '../mappers/console.mapper';

type Deps = { accounts: AccountReader; settings: AccountSettings };

const planParamsSchema = z.object({ carrierCode: z.string().min(1).max(50), serviceLevel: z.string().min(1).max(50) });
const fleetParamsSchema = z.object({ fleetId: z.coerce.number().int().min(1) });

/** Carriers and service levels (spec 1.7): what Create Order checks and prices with. */
export function listServicePlansRoute({ accounts }: Deps): RequestHandler {
  return async (_req, res) => {
    res.json({ service_plans: (await accounts.listServicePlans(consoleAccountOf(res.locals))).map(toConsoleServicePlan) });
  };
}

/** Sets the plan for a carrier code and service level: replacing the one there (keeping what is left out), else adding it. */
export function putServicePlanRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const { carrierCode, serviceLevel } = validate(planParamsSchema, req.params);
    const body = validate(consolePutServicePlanRequestSchema, req.body);
    const plan = {
      accountId: consoleAccountOf(res.locals),
      carrierCode,
      serviceLevel,
      carrierName: body.carrier_name ?? carrierCode,
      currency: body.currency,
      baseCharge: body.base_charge,
      perKgCharge: body.per_kg_charge,
      dispatchPolicy:
        body.dispatch_policy === undefined ? undefined : body.dispatch_policy && fromConsoleDispatchPolicy(body.dispatch_policy),
      requirements: body.requirements === undefined ? undefined : body.requirements && fromRequirementsView(body.requirements),
    };
    const replaced = await refusedAsInvalidRequest(() => settings.replaceServicePlan(plan));
    const stored = replaced ?? (await refusedAsInvalidRequest(() => settings.addServicePlan(plan)));
    res.status(replaced ? 200 : 201).json({ service_plan: toConsoleServicePlan(stored), replaced: Boolean(replaced) });
  };
}

export function deleteServicePlanRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const { carrierCode, serviceLevel } = validate(planParamsSchema, req.params);
    if (!(await settings.removeServicePlan({ accountId: consoleAccountOf(res.locals), carrierCode, serviceLevel }))) {
      throw new DomainError('SERVICE_PLAN_NOT_FOUND', `No service plan for ${carrierCode} ${serviceLevel}`);
    }
    res.status(204).end();
  };
}

/** The account's fleets, each courier fleet with whether its network refuses its credentials now. */
export function listFleetsRoute({ accounts, kv }: Deps & { kv: KeyValueStore }): RequestHandler {
  return async (_req, res) => {
    const fleets = await accounts.listFleets(consoleAccountOf(res.locals));
    // Only a courier network's fleet can have its credentials refused: the others are not looked up.
    const troubles = await Promise.all(
      fleets.map((fleet) => (courierIdentityOf(fleet.connector) ? credentialTroubleOf(kv, fleet).catch(() => null) : null)),
    );
    res.json({ fleets: fleets.map((fleet, i) => toConsoleFleet(fleet, troubles[i])) });
  };
}

/** The fleet a request describes; its service area and capabilities, left out, are kept by a replace. */
function fleetFrom(request: unknown, accountId: string): { fields: Omit<FleetChange, 'id'>; dispatchUrl?: string } {
  const body = validate(consoleAddFleetRequestSchema, request);
  const fields = {
    accountId,
    name: body.name,
    fleetType: body.fleet_type,
    externalTeamId: body.external_team_id,
    carrierCodes: body.carrier_codes,
    serviceLevels: body.service_levels,
    serviceArea: body.service_area && { postalCodes: body.service_area.postal_codes, areas: body.service_area.areas },
    capabilities: body.capabilities,
    connector: fromConsoleFleetConnector(body.connector),
  };
  return { fields, dispatchUrl: (body.connector.kind === 'http' && body.connector.dispatch_url) || undefined };
}

/** Adds a fleet under the next free id; a new dispatch signing secret or courier webhook credential is answered once. */
export function addFleetRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const { fields, dispatchUrl } = fleetFrom(req.body, consoleAccountOf(res.locals));
    const added = await refusedAsInvalidRequest(() => settings.addFleet(fields, { dispatchUrl }));
    res
      .status(201)
      .json({ fleet: toConsoleFleet(added.fleet), signing_secret: added.signingSecret, courier_webhook: added.courierWebhook });
  };
}

/** Replaces a fleet's settings, keeping its id (its tasks and fleet app refer to it). */
export function replaceFleetRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const { fleetId } = validate(fleetParamsSchema, req.params);
    const { fields, dispatchUrl } = fleetFrom(req.body, consoleAccountOf(res.locals));
    const replaced = await refusedAsInvalidRequest(() => settings.replaceFleet({ ...fields, id: fleetId }, { dispatchUrl }));
    if (!replaced) throw new DomainError('FLEET_NOT_FOUND', `No fleet ${fleetId}`);
    res.json({ fleet: toConsoleFleet(replaced.fleet), signing_secret: replaced.signingSecret, courier_webhook: replaced.courierWebhook });
  };
}

/** Get Quotes stops asking the fleet; reservations already held keep their quote. */
export function deleteFleetRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const { fleetId } = validate(fleetParamsSchema, req.params);
    if (!(await settings.removeFleet(consoleAccountOf(res.locals), fleetId)))
      throw new DomainError('FLEET_NOT_FOUND', `No fleet ${fleetId}`);
    res.status(204).end();
  };
}
