import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Where a system running on this machine answers its operator's tools over gRPC. The
 * standalone and the distributed launcher write it under their DATA_DIR when they start and
 * remove it when they stop, so `npm run admin` finds the running services from the same
 * DATA_DIR it already reads, whatever ports they took.
 */
const FILE = 'grpc-addresses.json';
const serviceAddressesSchema = z.object({ orderLifecycle: z.string().min(1) });
export type ServiceAddresses = z.infer<typeof serviceAddressesSchema>;

/** Writes the addresses (owner-only, as the rest of the data); the returned function removes them. */
export function publishServiceAddresses(dataDir: string, addresses: ServiceAddresses): () => void {
  const file = join(dataDir, FILE);
  writeFileSync(file, JSON.stringify(addresses), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

/** The addresses a running system published under `dataDir`; null when none runs there. */
export function publishedServiceAddresses(dataDir: string): ServiceAddresses | null {
  try {
    return serviceAddressesSchema.parse(JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')));
  } catch {
    // Absent, or cut short by a crash while written: as if nothing ran there.
    return null;
  }
}
