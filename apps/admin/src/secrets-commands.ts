import { generateSecretsKey } from '@delivery/accounts';
import type { AdminDeps } from './admin-deps';
import { UsageError, type Options } from './command-options';

/** The key that seals stored secrets (docs/decisions.md, "Secrets at rest"): a new one, and sealing again after a change. */
export const secretsCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'generate-secrets-key': async () => ({ secretsKey: generateSecretsKey() }),

  'rotate-secrets-key': async (_options, deps) => {
    if (!deps.resealSecrets) throw new UsageError('rotate-secrets-key needs the account store (run it as npm run admin)');
    const resealed = await deps.resealSecrets();
    return { ...resealed, next: 'every stored secret is sealed with the current key now; SECRETS_PREVIOUS_KEYS can be emptied' };
  },
};
