import { fleetTaskListResponseSchema, type FleetTaskView } from '@delivery/contracts';
import type { FleetCall } from '../domain/sandbox-driver';

/**
 * The fleet API over HTTP, as any fleet's app calls it: a client-credentials token from
 * /oauth/token (fetched again when it runs out), then bearer calls under /fleet/v1.
 */
export class FleetApiClient {
  private token: { value: string; until: number } | null = null;

  constructor(private readonly settings: { gatewayUrl: string; clientId: string; clientSecret: string; timeoutMs?: number }) {}

  /** Every task in hand, page after page. */
  async tasks(): Promise<FleetTaskView[]> {
    const tasks: FleetTaskView[] = [];
    let cursor: string | null = null;
    do {
      const response = await this.request('GET', `/fleet/v1/tasks${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
      const page = fleetTaskListResponseSchema.parse(await response.json());
      tasks.push(...page.tasks);
      cursor = page.next_cursor;
    } while (cursor);
    return tasks;
  }

  /** Sends one report; a 409 (the task moved on: cancelled, or another report won) is not an error here. */
  async send(taskId: string, call: FleetCall): Promise<number> {
    const response = await this.request(call.method, `/fleet/v1/tasks/${encodeURIComponent(taskId)}/${call.path}`, call.body);
    if (!response.ok && response.status !== 409)
      throw new Error(`fleet API ${call.method} ${call.path}: HTTP ${response.status} ${await response.text()}`);
    await response.body?.cancel();
    return response.status;
  }

  private async request(method: string, path: string, body?: unknown): Promise<Response> {
    const send = async () =>
      fetch(`${this.settings.gatewayUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await this.accessToken()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 5_000),
      });
    const response = await send();
    if (response.status !== 401) return response;
    // Revoked or expired early (a restart of the gateway's store): one fresh token, once.
    this.token = null;
    return send();
  }

  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.until) return this.token.value;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
    });
    const response = await fetch(`${this.settings.gatewayUrl}/oauth/token`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`token request failed: HTTP ${response.status}`);
    const { access_token, expires_in } = (await response.json()) as { access_token: string; expires_in: number };
    // Renewed a minute early, so a call never leaves with a token about to run out.
    this.token = { value: access_token, until: Date.now() + Math.max(0, expires_in - 60) * 1000 };
    return access_token;
  }
}
