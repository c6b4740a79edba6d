import { requestSigningKey } from '@delivery/accounts';
import { canonicalJson, requestSignature, signatureMatches } from './request-signature';

describe('legacy request signatures', () => {
  it('serialize content canonically: sorted keys at every depth, no spaces', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: null, y: 'x' }], c: true } })).toBe('{"a":{"c":true,"d":[1,{"y":"x","z":null}]},"b":1}');
  });

  it('are the same for the same content in any key order, and ignore the signature field', () => {
    const key = 'a'.repeat(64);
    const one = requestSignature(key, { note: 'x', type: 0, timestamp: '1', access_token: 't' });
    expect(requestSignature(key, { access_token: 't', timestamp: '1', type: 0, note: 'x', signature: 'anything' })).toBe(one);
    expect(requestSignature(key, { access_token: 't', timestamp: '2', type: 0, note: 'x' })).not.toBe(one);
    expect(requestSignature('b'.repeat(64), { access_token: 't', timestamp: '1', type: 0, note: 'x' })).not.toBe(one);
  });

  it('match only the exact signature', () => {
    expect(signatureMatches('abc', 'abc')).toBe(true);
    expect(signatureMatches('abc', 'abd')).toBe(false);
    expect(signatureMatches('abc', 'ab')).toBe(false);
  });

  it('give the values of the worked example in docs/decisions.md', () => {
    const key = requestSigningKey('Xq3v9Rk2LmT8wPz4Yb6Nc1Hd5Jf7Gs0Ae2Ui4Oo6Ka8');
    const body = {
      access_token: 'kT2mQ9vX4rB7nL1pW8sD3fH6jY0cZ5aE9uI2oR4tG7q',
      timestamp: '1795323346000',
      company_id: 12,
      type: 0,
      note: 'Gate code 4521',
    };
    expect(key).toBe('c32e7fccab238fc2171a74dc37d7074395a61a74fcd5899f2478d59435816185');
    expect(canonicalJson(body)).toBe(
      '{"access_token":"kT2mQ9vX4rB7nL1pW8sD3fH6jY0cZ5aE9uI2oR4tG7q","company_id":12,"note":"Gate code 4521","timestamp":"1795323346000","type":0}',
    );
    expect(requestSignature(key, body)).toBe('a0a8ead69b22e7362d28d48e913e2f67c910712b9e373134cbae44febb0ed83c');
  });
});
