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
});
