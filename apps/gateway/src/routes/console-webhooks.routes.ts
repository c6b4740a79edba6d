import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { WebhookEndpoint } from '@delivery/accounts';
import {
  consoleAddWebhookRequestSchema,
  consoleChangeWebhookRequestSchema,
  consoleRotateWebhookSecretRequestSchema,
  DomainError,
} from '@delivery/contracts';
import { addWebhookEndpoint, changeWebhookEndpoint, rotateWebhookEndpointSecret, type WebhookEndpointDeps } from '@delivery/webhooks';
import { consoleAccountOf, consoleCallerOf } from '../console/console-auth';
import { refusedAsInvalidRequest } from '../http/domain-refusal';
import { validate } from '../http/validate';
import { fromConsoleWebhookCredentials, toConsoleWebhookEndpoint } from '../mappers/console.mapper';

const endpointParamsSchema = z.object({ endpointId: z.string().min(1).max(200) });
const HOUR_MS = 60 * 60 * 1000;

/** The endpoint, if it is the caller's account's: another account's id is as unknown as a made-up one. */
async function endpointOfCaller(deps: WebhookEndpointDeps, locals: Record<string, unknown>, params: unknown): Promise<WebhookEndpoint> {
  const { endpointId } = validate(endpointParamsSchema, params);
  const endpoint = await deps.accounts.getWebhookEndpoint(endpointId);
  if (!endpoint || endpoint.accountId !== consoleAccountOf(locals)) {
    throw new DomainError('WEBHOOK_ENDPOINT_NOT_FOUND', `No webhook endpoint ${endpointId}`);
  }
  return endpoint;
}

export function listWebhookEndpointsRoute(deps: WebhookEndpointDeps): RequestHandler {
  return async (_req, res) => {
    const endpoints = await deps.accounts.listWebhookEndpoints(consoleAccountOf(res.locals));
    res.json({ endpoints: endpoints.map(toConsoleWebhookEndpoint) });
  };
}

/** A new endpoint and its signing secret, answered this once. */
export function addWebhookEndpointRoute(deps: WebhookEndpointDeps): RequestHandler {
  return async (req, res) => {
    const body = validate(consoleAddWebhookRequestSchema, req.body);
    const input = {
      accountId: consoleAccountOf(res.locals),
      url: body.url,
      eventTypes: body.event_types ?? [],
      credentials: body.credentials ? fromConsoleWebhookCredentials(body.credentials) : { kind: 'none' as const },
    };
    const { endpoint, signingSecret } = await refusedAsInvalidRequest(() => addWebhookEndpoint(input, deps));
    res.status(201).json({ endpoint: toConsoleWebhookEndpoint(endpoint), signing_secret: signingSecret });
  };
}

/** Changes the URL, events, credentials or whether it is sent to; the dispatchers see it within their endpoint cache's time. */
export function changeWebhookEndpointRoute(deps: WebhookEndpointDeps): RequestHandler {
  return async (req, res) => {
    const endpoint = await endpointOfCaller(deps, res.locals, req.params);
    const body = validate(consoleChangeWebhookRequestSchema, req.body);
    const change = {
      url: body.url,
      eventTypes: body.event_types,
      credentials: body.credentials && fromConsoleWebhookCredentials(body.credentials),
      enabled: body.enabled,
      disabledReason: `disabled by ${consoleCallerOf(res.locals).user.email}`,
    };
    const changed = await refusedAsInvalidRequest(() => changeWebhookEndpoint(endpoint, change, deps));
    res.json({ endpoint: toConsoleWebhookEndpoint(changed) });
  };
}

/** A new signing secret, answered once; the current ones keep signing during the overlap. */
export function rotateWebhookSecretRoute(deps: WebhookEndpointDeps): RequestHandler {
  return async (req, res) => {
    const endpoint = await endpointOfCaller(deps, res.locals, req.params);
    const { overlap_hours } = validate(consoleRotateWebhookSecretRequestSchema, req.body ?? {});
    const rotated = await rotateWebhookEndpointSecret(endpoint, (overlap_hours ?? 24) * HOUR_MS, deps);
    res.json({ endpoint: toConsoleWebhookEndpoint(rotated.endpoint), signing_secret: rotated.signingSecret });
  };
}

/** Deletes the endpoint; its pending webhooks then fail as sent to no endpoint. */
export function deleteWebhookEndpointRoute(deps: WebhookEndpointDeps): RequestHandler {
  return async (req, res) => {
    const endpoint = await endpointOfCaller(deps, res.locals, req.params);
    await deps.accounts.deleteWebhookEndpoint(endpoint.id);
    res.status(204).end();
  };
}
