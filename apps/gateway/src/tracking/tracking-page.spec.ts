import { trackingPage, type TrackingPageView } from './tracking-page';

const view = (overrides: Partial<TrackingPageView> = {}): TrackingPageView => ({
  status: 'en_route_to_dropoff',
  eta: '2026-11-23T14:32:00.000Z',
  driverFirstName: 'Sam',
  updatedAt: '2026-11-23T14:20:00.000Z',
  window: { start: '2026-11-23T14:00:00.000Z', end: '2026-11-23T16:00:00.000Z' },
  timeZone: 'Europe/Paris',
  steps: [],
  proof: null,
  requirements: { kinds: [], minimumAge: null },
  pin: null,
  now: Date.parse('2026-11-23T14:20:00.000Z'),
  retailer: null,
  instructions: { open: false, sent: null },
  rating: { open: false, given: null, sent: null },
  ...overrides,
});
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('the tracking page in words', () => {
  it('says the booked window as a span of one day, and how soon the driver arrives, on the fleet’s clock', () => {
    const page = text(trackingPage(view()));
    expect(page).toContain('Mon 23 Nov, between 15:00 and 17:00 CET');
    expect(page).toContain('23 Nov, 15:32 CET (in about 12 minutes)');
  });

  it('names both days of a window across midnight, and says nothing of an ETA hours away or past', () => {
    const page = text(
      trackingPage(
        view({ window: { start: '2026-11-23T22:00:00.000Z', end: '2026-11-24T01:00:00.000Z' }, eta: '2026-11-24T00:30:00.000Z' }),
      ),
    );
    expect(page).toContain('between Mon 23 Nov, 23:00 and Tue 24 Nov, 02:00 CET');
    expect(page).not.toContain('in about');
    expect(text(trackingPage(view({ eta: '2026-11-23T14:00:00.000Z' })))).not.toContain('in about');
  });
});

describe('the tracking page in the retailer’s colours', () => {
  it('shows its name and logo in its colour, and escapes what it cannot trust', () => {
    const html = trackingPage(view({ retailer: { name: 'Acme & Co', colour: '#aa3300', logoUrl: 'https://cdn.acme.example/logo.png' } }));
    expect(html).toContain('<title>Your Acme &amp; Co delivery</title>');
    expect(html).toContain('border-top: 6px solid #aa3300');
    expect(html).toContain('<img src="https://cdn.acme.example/logo.png" alt="" height="32"><strong>Acme &amp; Co</strong>');
    const odd = trackingPage(view({ retailer: { name: '<b>x</b>', colour: 'red;background:url(x)', logoUrl: 'javascript:alert(1)' } }));
    expect(odd).not.toContain('<b>x</b>');
    expect(odd).not.toContain('javascript:');
    expect(odd).not.toContain('url(x)');
  });
});

describe('instructions for the driver', () => {
  it('offers a form posting to the page itself until the pickup, and says what became of what was sent', () => {
    const open = trackingPage(view({ instructions: { open: true, sent: null } }));
    expect(open).toContain('<form method="post">');
    expect(open).toContain('maxlength="500"');
    expect(trackingPage(view({ instructions: { open: true, sent: 'sent' } }))).toContain('your driver will see your instructions');
    const late = trackingPage(view({ instructions: { open: false, sent: 'too-late' } }));
    expect(late).not.toContain('<form');
    expect(late).toContain('on its way already');
  });
});
