import { shownOutput, unprinted, WALKTHROUGHS } from './readme-walkthroughs';

describe("the guides' shown output", () => {
  it.each(Object.entries(WALKTHROUGHS))('%s shows what its block prints', (_name, walkthrough) => {
    expect(shownOutput(walkthrough).length).toBeGreaterThan(0);
  });

  it('matches … to what differs, in order, and names a shown line that was not printed', () => {
    const printed = ['created task tsk_1a2b, shipment SHP9', 'progress', 'cancelled'];
    expect(unprinted(['created task tsk_…, shipment SHP…', '…', 'cancelled'], printed)).toEqual([]);
    // A stale sample: the command prints something else now.
    expect(unprinted(['created task tsk_…, shipment SHP…', 'canceled'], printed)).toEqual(['canceled']);
    // Out of order is not as shown.
    expect(unprinted(['cancelled', 'progress'], printed)).toEqual(['progress']);
    // What a pattern would read as regular expression is taken literally.
    expect(unprinted(['[["Item","Qty"]] (1+1)'], ['[["Item","Qty"]] (1+1)'])).toEqual([]);
    expect(unprinted(['a.c'], ['abc'])).toEqual(['a.c']);
  });
});
