import { renderText } from '@delivery/wording';
import { templateContext, type ContextInput } from './template-context';

const input = (overrides: Partial<ContextInput> = {}): ContextInput => ({
  facts: {
    eta: '2026-11-27T14:20:00.000Z',
    window: { startTime: '2026-11-27T13:00:00.000Z', endTime: '2026-11-27T15:00:00.000Z' },
    driverFirstName: 'Samira',
    photoUrl: null,
    nextStep: null,
    trackingToken: 'trk',
    fleetId: 1,
    language: 'fr',
  },
  language: 'fr',
  timeZone: 'Europe/Paris',
  retailer: 'Acme',
  firstName: 'Ada',
  trackingLink: 'https://t.example/track/trk',
  unsubscribeLink: 'https://t.example/unsubscribe/x',
  now: Date.parse('2026-11-27T14:08:00.000Z'),
  ...overrides,
});

describe('the variables of a message', () => {
  it('writes times on the recipient’s clock, in their language', () => {
    const french = templateContext(input());
    expect(french.eta).toBe('15:20');
    expect(french.eta_in_words).toBe('dans 12 minutes');
    // ICU puts narrow no-break spaces around the range's dash.
    expect(french.window).toMatch(/^ven\. 27 nov\., 14:00\s–\s16:00$/);
    const american = templateContext(input({ language: 'en-US', timeZone: 'America/New_York' }));
    expect(american.eta).toMatch(/^09:20\sAM$/);
    expect(american.eta_in_words).toBe('in 12 minutes');
  });

  it('leaves unknown facts empty, and the next step `none`', () => {
    const bare = templateContext(input({ facts: { ...input().facts, eta: null, window: null, driverFirstName: null }, firstName: null }));
    expect(bare).toMatchObject({ eta: '', eta_in_words: '', window: '', driver: '', first_name: '', next_step: 'none' });
  });

  it('words the times a template reads, as it reads them, and the same each time', () => {
    const context = templateContext(input({ language: 'en-GB', timeZone: 'Europe/London' }));
    const text = renderText('{{ driver }} comes {{ eta_in_words }}, at {{ eta }} ({{ window }})', context);
    expect(text).toMatch(/^Samira comes in 12 minutes, at 14:20 \(Fri 27 Nov, 13:00\s?–\s?15:00\)$/);
    expect(renderText('{{ window }}', context)).toBe(context.window);
    expect({ ...context }).toMatchObject({ eta: '14:20', eta_in_words: 'in 12 minutes' });
  });
});
