import { createHmac } from 'node:crypto';

/** What a DoorDash access key holds (the developer portal's "developer_id", "key_id", "signing_secret"). */
export interface DoorDashAccessKey {
  developerId: string;
  keyId: string;
  signingSecret: string;
}

/** How long a token lives: DoorDash's own SDK signs each call with a token good for a minute. */
const LIFETIME_SECONDS = 60;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * The bearer token of a Drive API call, as DoorDash documents it: HS256 with the signing
 * secret decoded from base64url, header `dd-ver: DD-JWT-V1`, claims `aud: doordash`,
 * `iss` the developer id, `kid` the key id, `iat` now and `exp` a minute later.
 */
export function doordashJwt(key: DoorDashAccessKey, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', 'dd-ver': 'DD-JWT-V1' }));
  const claims = base64url(
    JSON.stringify({ aud: 'doordash', iss: key.developerId, kid: key.keyId, iat: nowSeconds, exp: nowSeconds + LIFETIME_SECONDS }),
  );
  const signature = createHmac('sha256', Buffer.from(key.signingSecret, 'base64url')).update(`${header}.${claims}`).digest('base64url');
  return `${header}.${claims}.${signature}`;
}
