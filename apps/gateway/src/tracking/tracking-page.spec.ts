import { PAGE_HEADERS, trackingPage, trackingPageHeaders, type TrackingPageView } from './tracking-page';

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
  map: null,
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

describe("the tracking page's map and photo", () => {
  const tiles = { tiles: 'https://{s}.tiles.example/{z}/{x}/{y}.png', attribution: '© Tiles & <Co>' };
  const map = {
    ...tiles,
    driver: { lat: 48.85, lng: 2.35, at: '2026-11-23T14:17:00.000Z' },
    stops: [{ kind: 'dropoff' as const, lat: 48.86, lng: 2.34 }],
  };

  it('writes the map as data on a hidden box its script draws, and says the position in words for a page without script', () => {
    const page = trackingPage(view({ map }));
    const data = /<div id="delivery-map"[^>]* hidden [^>]*data-map="([^"]*)"><\/div>/.exec(page)?.[1];
    const unescaped = data!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    expect(JSON.parse(unescaped)).toEqual(map);
    expect(page).toContain('<script src="/console/assets/tracking-map.js" defer></script>');
    expect(text(page)).toContain("Driver's positionupdated 3 minutes ago");
    const without = trackingPage(view());
    expect(without).not.toContain('<script');
    expect(without).not.toContain('delivery-map');
  });

  it("lets the page run our own script and load the operator's tiles only when there is a map to draw", () => {
    expect(trackingPageHeaders(null)).toBe(PAGE_HEADERS);
    expect(PAGE_HEADERS['Content-Security-Policy']).not.toContain('script-src');
    const policy = trackingPageHeaders(tiles)['Content-Security-Policy'];
    expect(policy).toContain("script-src 'self'; img-src 'self' https: https://*.tiles.example;");
    expect(policy).toContain("default-src 'none'");
  });

  it('shows the proof photo where the browser may load it (https), and only links any other', () => {
    const shown = trackingPage(
      view({ status: 'delivered', proof: { recipientName: null, photoUrl: 'https://pod.example/a.jpg?sig="x"' } }),
    );
    expect(shown).toContain('<img class="proof" src="https://pod.example/a.jpg?sig=&quot;x&quot;"');
    const linked = trackingPage(view({ status: 'delivered', proof: { recipientName: null, photoUrl: 'http://pod.example/a.jpg' } }));
    expect(linked).not.toContain('<img');
    expect(linked).toContain('href="http://pod.example/a.jpg"');
  });
});
