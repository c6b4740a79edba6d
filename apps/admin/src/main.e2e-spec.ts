import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { tempDataDir } from '@delivery/testing';

const ROOT = join(__dirname, '..', '..', '..');

/** The CLI as an operator runs it, end to end: a process, its options parsed from the command line. */
describe('npm run admin', () => {
  const dir = tempDataDir('admin-cli-');
  afterAll(() => dir.remove());

  const admin = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        join(ROOT, 'node_modules/.bin/tsx'),
        ['apps/admin/src/main.ts', ...args],
        { cwd: ROOT, env: { ...process.env, DATA_DIR: dir.path, ...env } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      ),
    );

  it('sets up an account, a fleet and a webhook from the command line', async () => {
    expect((await admin(['create-account', '--name', 'Acme', '--id', 'acme'])).code).toBe(0);
    const fleet = await admin([
      'add-fleet',
      '--account',
      'acme',
      '--name',
      'Vans',
      '--carrier-codes',
      'OWN',
      '--capacity-per-window',
      '4',
      '--json',
    ]);
    expect(fleet.code).toBe(0);
    expect(JSON.parse(fleet.stdout)).toMatchObject({ id: 1, connector: { capacityPerWindow: 4 } });
    const webhook = await admin(
      ['add-webhook', '--account', 'acme', '--url', 'http://127.0.0.1:9/hooks', '--header', 'X-A: 1', '--header', 'X-B: 2', '--json'],
      { OUTBOUND_ALLOW_HTTP: 'true', OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' },
    );
    expect(webhook.code).toBe(0);
    expect(JSON.parse(webhook.stdout)).toMatchObject({ credentials: 'headers', signingSecret: expect.stringMatching(/^whsec_/) });

    const fleets = await admin(['list-fleets', '--account', 'acme']);
    expect(fleets.stdout).not.toContain('[object Object]');
    expect(fleets.stdout).toContain('connector:\n  kind: rate-card\n  baseFee: 500');
    expect(fleets.stdout).toContain('\n  currency: USD');
    const webhooks = await admin(['list-webhooks', '--account', 'acme']);
    expect(webhooks.stdout).not.toContain('[object Object]');
    expect(webhooks.stdout).toMatch(/secrets:\n  - id: sec_[0-9a-f]{12}\n    createdAt: \S+\n    expiresAt: none/);
  }, 30_000);

  it('says no system runs on DATA_DIR when an order command finds no order-lifecycle to ask', async () => {
    const none = await admin(['list-orders', '--account', 'acme']);
    expect(none.stderr).toContain(`no system is running on DATA_DIR ${dir.path}`);
    expect(none.code).toBe(2);
  }, 30_000);

  it('replaces a service plan only when given the --replace flag', async () => {
    const plan = ['add-service-plan', '--account', 'acme', '--carrier-code', 'OWN', '--service-level', 'EXPRESS'];
    expect((await admin(plan)).code).toBe(0);
    const again = await admin([...plan, '--base-charge', '4']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('add --replace');
    const replaced = await admin([...plan, '--base-charge', '4', '--replace']);
    expect(replaced.code).toBe(0);
    expect(replaced.stdout).toContain('replaced: true');
  }, 30_000);

  it('refuses a private webhook URL without the development openings, with a usage error', async () => {
    const { code, stderr } = await admin(['add-webhook', '--account', 'acme', '--url', 'https://127.0.0.1/hooks']);
    expect(code).toBe(2);
    expect(stderr).toContain('not a public address');
  }, 30_000);
});
