import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { doordashJwt } from './doordash-jwt';

describe("DoorDash's JWT", () => {
  it('verifies with jsonwebtoken, as DoorDash checks it: HS256, the dd-ver header, audience, issuer, key id and a minute of life', () => {
    const key = { developerId: 'dev-14e84291', keyId: 'key-d4e87d9c', signingSecret: randomBytes(32).toString('base64url') };
    const now = Math.floor(Date.now() / 1000);
    const token = doordashJwt(key, now);
    const verified = jwt.verify(token, Buffer.from(key.signingSecret, 'base64url'), {
      algorithms: ['HS256'],
      audience: 'doordash',
      issuer: key.developerId,
      complete: true,
    });
    expect(verified.header).toMatchObject({ alg: 'HS256', 'dd-ver': 'DD-JWT-V1' });
    expect(verified.payload).toEqual({ aud: 'doordash', iss: key.developerId, kid: key.keyId, iat: now, exp: now + 60 });
    expect(() => jwt.verify(token, Buffer.from(randomBytes(32)), { algorithms: ['HS256'] })).toThrow(/invalid signature/);
  });
});
