import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
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
        process.execPath,
        ['scripts/admin.js', ...args],
        { cwd: ROOT, env: { ...process.env, DATA_DIR: dir.path, ...env } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      ),
    );

  it('runs from a bundle of its sources, made again once one of them is newer than it', async () => {
    const bundle = join(ROOT, 'tmp', 'admin-cli', 'apps', 'admin', 'src', 'main.js');
    expect((await admin(['list-accounts'])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(ROOT, 'tmp', 'admin-cli', 'inputs.json'), 'utf8'))).toContain('apps/admin/src/main.ts');
    // As if every source had changed since: the next command makes the bundle again, then runs it.
    utimesSync(bundle, new Date(0), new Date(0));
    expect((await admin(['list-accounts'])).code).toBe(0);
    expect(statSync(bundle).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
  }, 30_000);

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

  it('says no system runs on DATA_DIR when an order command finds no order-lifecycle to ask (exit 5)', async () => {
    const none = await admin(['list-orders', '--account', 'acme']);
    expect(none.stderr).toContain(`no system is running on DATA_DIR ${dir.path}`);
    expect(none.code).toBe(5);
    const url = await admin(['gateway-url']);
    expect(url).toMatchObject({ code: 5, stdout: '' });
    expect(url.stderr).toContain('no system is running');
    const processes = await admin(['processes']);
    expect(processes).toMatchObject({ code: 5, stdout: '' });
    expect(processes.stderr).toContain('no system is running');
  }, 30_000);

  it('names the closest command and option to a typo, and gives each kind of failure its exit code', async () => {
    const typo = await admin(['list-acounts']);
    expect(typo).toMatchObject({ code: 2, stdout: '' });
    expect(typo.stderr).toContain('unknown command list-acounts (did you mean list-accounts?)');
    const option = await admin(['list-apps', '--acount', 'acme']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('unknown option --acount (did you mean --account?)');
    const nothing = await admin([]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('no command given');
    const unknown = await admin(['list-apps', '--account', 'nosuch']);
    expect(unknown).toMatchObject({ code: 3, stdout: '' });
    expect(unknown.stderr).toContain('no account nosuch');
    expect((await admin(['remove-webhook', '--endpoint', 'whe_none'])).code).toBe(3);
    const twice = await admin(['create-account', '--name', 'Acme', '--id', 'acme']);
    expect(twice.code).toBe(4);
    expect(twice.stderr).toContain('exists already');
  }, 60_000);

  it('with --reuse, renews the secret of the app of that name instead of adding another', async () => {
    const first = JSON.parse((await admin(['create-app', '--account', 'acme', '--name', 'script', '--reuse', '--json'])).stdout);
    const again = JSON.parse((await admin(['create-app', '--account', 'acme', '--name', 'script', '--reuse', '--json'])).stdout);
    expect(again).toMatchObject({ clientId: first.clientId, reused: true });
    expect(again.clientSecret).not.toBe(first.clientSecret);
    const apps = JSON.parse((await admin(['list-apps', '--account', 'acme', '--json'])).stdout) as { name: string }[];
    expect(apps.filter((app) => app.name === 'script')).toHaveLength(1);
  }, 30_000);

  it('checks a webhook URL by the rules of the system running on DATA_DIR, which will call it, not by its own settings', async () => {
    const data = join(dir.path, 'running');
    expect((await admin(['create-account', '--name', 'Local', '--id', 'local'], { DATA_DIR: data })).code).toBe(0);
    // As the standalone writes it when it starts; this test's process stands for it.
    const runningWith = (open: boolean) =>
      writeFileSync(
        join(data, 'running.json'),
        JSON.stringify({
          pid: process.pid,
          shape: 'standalone',
          startedAt: new Date().toISOString(),
          outbound: { allowHttp: open, allowPrivateNetworks: open },
        }),
      );
    const local = ['add-webhook', '--account', 'local', '--url', 'http://127.0.0.1:9/hooks'];
    runningWith(false);
    const refused = await admin(local, { DATA_DIR: data, OUTBOUND_ALLOW_HTTP: 'true', OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`the system running on ${data} (pid ${process.pid}) calls it, and it was started without that`);
    runningWith(true);
    expect((await admin(local, { DATA_DIR: data })).code).toBe(0);
  }, 30_000);

  it('makes a DATA_DIR that does not exist yet, owner-only, on its first command', async () => {
    const fresh = join(dir.path, 'not', 'yet');
    const made = await admin(['create-account', '--name', 'New', '--id', 'new'], { DATA_DIR: fresh });
    expect(made).toMatchObject({ code: 0, stderr: '' });
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    expect(statSync(join(fresh, 'secrets.key')).mode & 0o777).toBe(0o600);
  }, 30_000);

  it('replaces a service plan only when given the --replace flag', async () => {
    const plan = ['add-service-plan', '--account', 'acme', '--carrier-code', 'OWN', '--service-level', 'EXPRESS'];
    expect((await admin(plan)).code).toBe(0);
    const again = await admin([...plan, '--base-charge', '4']);
    expect(again.code).toBe(4);
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

  it('rotates the secrets key: every secret sealed again, the old key gone from the key file, no old ciphertext left in the store file', async () => {
    const rotated = tempDataDir('admin-rotate-');
    try {
      const inRotated = (args: string[], env: Record<string, string> = {}) => admin(args, { DATA_DIR: rotated.path, ...env });
      expect((await inRotated(['create-account', '--name', 'Rotating', '--id', 'rot'])).code).toBe(0);
      expect((await inRotated(['create-app', '--account', 'rot', '--name', 'OMS'])).code).toBe(0);
      const hook = ['add-webhook', '--account', 'rot', '--url', 'http://127.0.0.1:9/hooks', '--bearer', 'tok'];
      expect((await inRotated(hook, { OUTBOUND_ALLOW_HTTP: 'true', OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' })).code).toBe(0);
      const keyFile = join(rotated.path, 'secrets.key');
      const oldKey = readFileSync(keyFile, 'utf8').trim();
      const newKey = JSON.parse((await inRotated(['generate-secrets-key', '--json'])).stdout).secretsKey as string;
      const idOf = (key: string) => createHash('sha256').update(Buffer.from(key, 'base64url')).digest('hex').slice(0, 8);
      const storeFile = () => readFileSync(join(rotated.path, 'accounts', 'data.mdb'));
      expect(storeFile().includes(`sealed:v1:${idOf(oldKey)}:`)).toBe(true);

      const rotation = await inRotated(['rotate-secrets-key', '--json'], { SECRETS_KEY: newKey, SECRETS_PREVIOUS_KEYS: oldKey });
      expect(rotation.code).toBe(0);
      expect(JSON.parse(rotation.stdout)).toMatchObject({ apps: 1, endpoints: 1, keyFile: 'replaced', compacted: 'yes' });
      expect(readFileSync(keyFile, 'utf8').trim()).toBe(newKey);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(storeFile().includes(`sealed:v1:${idOf(oldKey)}:`)).toBe(false);
      expect(storeFile().includes(`sealed:v1:${idOf(newKey)}:`)).toBe(true);
      // Started again without SECRETS_KEY, the key file opens everything stored.
      const listed = await inRotated(['list-webhooks', '--account', 'rot', '--json']);
      expect(listed.code).toBe(0);
      expect(JSON.parse(listed.stdout)[0]).toMatchObject({ url: 'http://127.0.0.1:9/hooks' });
    } finally {
      rotated.remove();
    }
  }, 60_000);
});
