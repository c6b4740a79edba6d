import { webhookPayloadSchema } from '@delivery/contracts';

const header = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });

/** What we POST to a caller's endpoint (OpenAPI 3.1 `webhooks`): the payload schema is the one the dispatcher writes. */
export function openApiWebhooks(jsonSchema: (schema: typeof webhookPayloadSchema) => Record<string, unknown>) {
  return {
    taskEvent: {
      post: {
        summary: 'A change of a task (or a note on it), to every endpoint subscribed to its type',
        description: [
          "Standard Webhooks: verify `webhook-signature` with the endpoint's `whsec_` secret; deduplicate on `webhook-id`.",
          "The caller's credentials ride beside it: HTTP Basic, a bearer token, headers of its own, or a bearer token from the caller's OAuth 2.0 token URL (fetched again before it expires, and once on a 401).",
          '`data.sequence` is the revision of the task the webhook shows: drop a webhook whose sequence is lower than the last one applied for that task.',
        ].join(' '),
        tags: ['Webhooks'],
        operationId: 'taskEvent',
        security: [{ webhookSignature: [] }],
        parameters: [
          header('webhook-id', 'The same on every try of one webhook'),
          header('webhook-timestamp', 'Seconds since the epoch when this try was signed'),
          header('webhook-signature', 'v1,<base64 HMAC-SHA256>, one per signing secret in use'),
        ],
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(webhookPayloadSchema) } } },
        responses: {
          '2XX': { description: 'Taken' },
          '410': { description: 'Gone: the endpoint is disabled, nothing more is sent to it' },
          '429': { description: 'Tried again after Retry-After' },
          '5XX': { description: 'Tried again on the retry schedule, about three days' },
        },
      },
    },
  };
}
