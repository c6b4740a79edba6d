/**
 * Writes the TypeScript types of protos/ into libs/rpc/src/generated (or the folder given).
 * The flags must match PROTO_LOADER_OPTIONS in libs/rpc/src/load-protos.ts.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = join(__dirname, '..');
const out = resolve(process.argv[2] ?? join(ROOT, 'libs/rpc/src/generated'));
const protos = readdirSync(join(ROOT, 'protos/delivery/v1'))
  .filter((file) => file.endsWith('.proto'))
  .map((file) => `delivery/v1/${file}`);

rmSync(out, { recursive: true, force: true });
execFileSync(
  join(ROOT, 'node_modules/.bin/proto-loader-gen-types'),
  [
    '--defaults',
    '--oneofs',
    '--longs',
    'String',
    '--enums',
    'String',
    '--includeComments',
    '--grpcLib',
    '@grpc/grpc-js',
    '-I',
    'protos',
    '-O',
    out,
    ...protos,
  ],
  { cwd: ROOT, stdio: 'inherit' },
);
