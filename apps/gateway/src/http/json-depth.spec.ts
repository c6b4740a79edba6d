import fc from 'fast-check';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const depthOf = (value: unknown): number =>
  value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;

describe('JSON nesting depth', () => {
  it('counts brackets outside strings only, escapes included', () => {
    expect(jsonDepthExceeds(Buffer.from(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(jsonDepthExceeds(Buffer.from(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(jsonDepthExceeds(Buffer.from(JSON.stringify({ a: '['.repeat(1000) + '\\"[[' })))).toBe(false);
    expect(jsonDepthExceeds(Buffer.from(nested(10_000)))).toBe(true);
  });

  it('agrees with the parsed value on any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 8 }), (value, limit) => {
        expect(jsonDepthExceeds(Buffer.from(JSON.stringify(value)), limit)).toBe(depthOf(value) > limit);
      }),
    );
  });
});
