import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { AccountReader, AccountSettings } from '@delivery/accounts';
import {
  consoleAddWebhookRequestSchema,
  consoleChangeWebhookRequestSchema,
  consoleRotateWebhookSecretRequestSchema,
  DomainError,
} from '@delivery/contracts';
import { consoleAccountOf, consoleCallerOf } from '../console/console-auth';
import { refusedAsInvalidRequest } from '../http/domain-refusal';
import { validate } from '../http/validate';
import { fromConsoleWebhookCredentials, toConsoleWebhookEndpoint } from '../mappers/console.mapper';

const endpointParamsSchema = z.object({ endpointId: z.string().min(1).max(200) });
const HOUR_MS = 60 * 60 * 1000;

type Deps = { accounts: AccountReader; settings: AccountSettings };

/** The endpoint a request names, among the caller's account's only: another account's id is as unknown as a made-up one. */
const endpointRefOf = (locals: Record<string, unknown>, params: unknown) => ({
  endpointId: validate(endpointParamsSchema, params).endpointId,
  accountId: consoleAccountOf(locals),
});

/** What a change finds when the endpoint is not the caller's. */
function found<T>(changed: T | null, ref: { endpointId: string }): T {
  if (!changed) throw new DomainError('WEBHOOK_ENDPOINT_NOT_FOUND', `No webhook endpoint ${ref.endpointId}`);
  return changed;
}

export function listWebhookEndpointsRoute(deps: Deps): RequestHandler {
  return async (_req, res) => {
    const endpoints = await deps.accounts.listWebhookEndpoints(consoleAccountOf(res.locals));
    res.json({ endpoints: endpoints.map(toConsoleWebhookEndpoint) });
  };
}

/** A new endpoint and its signing secret, answered this once. */
export function addWebhookEndpointRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const body = validate(consoleAddWebhookRequestSchema, req.body);
    const input = {
      accountId: consoleAccountOf(res.locals),
      url: body.url,
      eventTypes: body.event_types ?? [],
      credentials: body.credentials ? fromConsoleWebhookCredentials(body.credentials) : { kind: 'none' as const },
    };
    const { endpoint, signingSecret } = await refusedAsInvalidRequest(() => settings.addWebhookEndpoint(input));
    res.status(201).json({ endpoint: toConsoleWebhookEndpoint(endpoint), signing_secret: signingSecret });
  };
}

/** Changes the URL, events, credentials or whether it is sent to; the dispatchers see it within their endpoint cache's time. */
export function changeWebhookEndpointRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const ref = endpointRefOf(res.locals, req.params);
    const body = validate(consoleChangeWebhookRequestSchema, req.body);
    const change = {
      url: body.url,
      eventTypes: body.event_types,
      credentials: body.credentials && fromConsoleWebhookCredentials(body.credentials),
      enabled: body.enabled,
      disabledReason: `disabled by ${consoleCallerOf(res.locals).user.email}`,
    };
    const changed = found(await refusedAsInvalidRequest(() => settings.changeWebhookEndpoint(ref, change)), ref);
    res.json({ endpoint: toConsoleWebhookEndpoint(changed) });
  };
}

/** A new signing secret, answered once; the current ones keep signing during the overlap. */
export function rotateWebhookSecretRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const ref = endpointRefOf(res.locals, req.params);
    const { overlap_hours } = validate(consoleRotateWebhookSecretRequestSchema, req.body ?? {});
    const rotated = found(await settings.rotateWebhookEndpointSecret(ref, (overlap_hours ?? 24) * HOUR_MS), ref);
    res.json({ endpoint: toConsoleWebhookEndpoint(rotated.endpoint), signing_secret: rotated.signingSecret });
  };
}

/** Deletes the endpoint; its pending webhooks then fail as sent to no endpoint. */
export function deleteWebhookEndpointRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const ref = endpointRefOf(res.locals, req.params);
    found(await settings.removeWebhookEndpoint(ref), ref);
    res.status(204).end();
  };
}
