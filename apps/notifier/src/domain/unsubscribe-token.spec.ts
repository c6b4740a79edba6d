import { randomBytes } from 'node:crypto';
import { UnsubscribeTokens } from './unsubscribe-token';

describe('unsubscribe links', () => {
  const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];

  it('open to the account and hash they were made for, under any key of the ring', () => {
    const before = new UnsubscribeTokens([oldKey]).make('acc.with.dots', 'hash_-1');
    expect(new UnsubscribeTokens([newKey, oldKey]).open(before)).toEqual({ accountId: 'acc.with.dots', addressHash: 'hash_-1' });
    expect(new UnsubscribeTokens([newKey]).open(before)).toBeNull();
  });

  it('refuse a token changed in any part, or not ours', () => {
    const tokens = new UnsubscribeTokens([newKey]);
    const token = tokens.make('acc_1', 'abc');
    expect(tokens.open(token.replace('acc_1', 'acc_2'))).toBeNull();
    expect(tokens.open(token.replace('.abc.', '.abd.'))).toBeNull();
    expect(tokens.open(`${token}x`)).toBeNull();
    expect(tokens.open('')).toBeNull();
    expect(tokens.open('a.b')).toBeNull();
  });
});
