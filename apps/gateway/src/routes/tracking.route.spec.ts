import fc from 'fast-check';
import { instructionsOf } from './tracking.route';

describe('the recipient’s instructions', () => {
  it('become one line of printable text, spaces collapsed, at most 500 characters', () => {
    expect(instructionsOf('  Gate code 4521\r\n\tleave at the back\u202e door ')).toBe('Gate code 4521 leave at the back door');
    expect(instructionsOf(['x'])).toBe('');
    fc.assert(
      fc.property(fc.string({ maxLength: 2_000 }), (typed) => {
        const text = instructionsOf(typed);
        expect(text.length).toBeLessThanOrEqual(500);
        expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028-\u202e]|\s{2}|^\s|\s$/);
      }),
    );
  });
});
