import { STATUS_CODES } from 'node:http';
import type { DeliveryMapView, DeliveryRequirements, MapTiles, TaskStatusName } from '@delivery/contracts';
import { tileSource } from '../maps/map-tiles';

/** No script, no outside resource, no referrer to pass the token on, nothing cached on the way. */
export const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // Images over https only (the retailer's logo, fetched by the recipient's browser, no referrer sent), and our own (the proof photo).
  'Content-Security-Policy':
    "default-src 'none'; img-src 'self' https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * The tracking page's: as PAGE_HEADERS, with our own map script and style (served with the
 * console's assets) and the operator's tiles when a map is drawn.
 */
export const trackingPageHeaders = (tiles: MapTiles | null) =>
  tiles
    ? {
        ...PAGE_HEADERS,
        'Content-Security-Policy': `default-src 'none'; script-src 'self'; img-src 'self' https: ${tileSource(tiles)}; style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
      }
    : PAGE_HEADERS;

/** Where the console's build puts the map's script (apps/console/src/tracking-map.ts) and Leaflet's style. */
const MAP_ASSETS =
  '<link rel="stylesheet" href="/console/assets/leaflet.css">\n<script src="/console/assets/tracking-map.js" defer></script>';

/** What the recipient reads for each state of the delivery. */
const STATUS_TEXT: Record<TaskStatusName, string> = {
  created: 'Your order is being prepared',
  reserved: 'Your delivery is being booked',
  confirmed: 'Your delivery is booked',
  released: 'Your delivery booking lapsed',
  cancelled: 'This delivery was cancelled',
  dispatched: 'Finding a driver for your delivery',
  assigned: 'A driver will pick up your parcel',
  en_route_to_pickup: 'Your driver is on the way to pick up your parcel',
  at_pickup: 'Your driver is picking up your parcel',
  picked_up: 'Your parcel has been picked up',
  en_route_to_dropoff: 'Your parcel is on its way to you',
  at_dropoff: 'Your driver has arrived',
  delivered: 'Your parcel has been delivered',
  failed: 'Your delivery could not be completed',
  returned: 'Your parcel is being returned to the sender',
};

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The steps so far, as the recipient reads them. */
const STEP_TEXT: Record<string, string> = {
  OrderCreated: 'Order received',
  ReservationConfirmed: 'Delivery booked',
  DriverAssigned: 'Driver assigned',
  TaskStarted: 'Driver on the way',
  TaskDelivered: 'Delivered',
  TaskFailed: 'Delivery could not be completed',
  TaskReturned: 'Returned to the sender',
  DropoffRescheduled: 'We will try again',
  OrderCancelled: 'Cancelled',
};

/** A time as the recipient's clock shows it: in the fleet's zone (named), or in UTC. */
const time = (iso: string, zone: string | null) =>
  `<time datetime="${escape(iso)}">${escape(
    new Date(iso).toLocaleString('en-GB', {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: zone ?? 'UTC',
      timeZoneName: 'short',
    }),
  )}</time>`;

/** A clock time alone (`14:00`), in the zone; the zone's name with `named`. */
const clock = (iso: string, zone: string | null, named = false) =>
  new Date(iso).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone ?? 'UTC',
    ...(named && { timeZoneName: 'short' }),
  });

const dayOf = (iso: string, zone: string | null) =>
  new Date(iso).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone ?? 'UTC' });

/** A booked window in words: `Mon 23 Nov, between 14:00 and 16:00 UTC` (each end's day named when they differ). */
function windowInWords(start: string, end: string, zone: string | null): string {
  const [from, to] = [dayOf(start, zone), dayOf(end, zone)];
  const words =
    from === to
      ? `${from}, between ${clock(start, zone)} and ${clock(end, zone, true)}`
      : `between ${from}, ${clock(start, zone)} and ${to}, ${clock(end, zone, true)}`;
  return `<time datetime="${escape(start)}">${escape(words)}</time>`;
}

/** How soon, in words, when it is within a few hours: ` (in about 12 minutes)`; nothing otherwise. */
function soonInWords(eta: string, now: number): string {
  const minutes = Math.round((Date.parse(eta) - now) / 60_000);
  if (minutes < 1 || minutes > 6 * 60) return '';
  if (minutes < 90) return ` (in about ${minutes} minute${minutes === 1 ? '' : 's'})`;
  return ` (in about ${Math.round(minutes / 60)} hours)`;
}

/** The retailer's band at the top: its logo and name, in its colour (checked `#rrggbb` when saved, checked again here). */
function brandHeader(retailer: TrackingPageView['retailer']): string {
  if (!retailer?.name) return '';
  const colour = retailer.colour && /^#[0-9a-fA-F]{6}$/.test(retailer.colour) ? retailer.colour : '#1d2433';
  const logo =
    retailer.logoUrl && /^https:\/\//i.test(retailer.logoUrl) ? `<img src="${escape(retailer.logoUrl)}" alt="" height="32">` : '';
  return `<header style="border-top: 6px solid ${colour}; margin: -1.5rem -1.5rem 1rem; padding: 1rem 1.5rem 0; display: flex; gap: .75rem; align-items: center">${logo}<strong>${escape(retailer.name)}</strong></header>`;
}

/** Only a web address is linked: a stored value of any other scheme is not. */
const link = (url: string, text: string) =>
  /^https?:\/\//i.test(url) ? `<a href="${escape(url)}" rel="noreferrer">${escape(text)}</a>` : '';

function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>${head ? `\n${head}` : ''}
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 2rem 1rem; background: #f6f7f9; color: #1d2433; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 1px 3px #0002; }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; margin: 0; }
  dt { color: #5b6475; }
  dd { margin: 0; font-weight: 600; }
  ol { margin: 1rem 0 0; padding-left: 1.25rem; color: #5b6475; }
  form { margin-top: 1rem; display: grid; gap: .5rem; }
  textarea { font: inherit; width: 100%; box-sizing: border-box; }
  button { font: inherit; padding: .5rem 1rem; justify-self: start; }
  .map { height: 16rem; margin-top: 1rem; border-radius: 8px; }
  .proof { display: block; max-width: 100%; max-height: 20rem; margin-top: 1rem; border-radius: 8px; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export interface TrackingPageView {
  status: TaskStatusName;
  eta: string | null;
  driverFirstName: string | null;
  updatedAt: string;
  window: { start: string | null; end: string } | null;
  timeZone: string | null;
  steps: { event: string; at: string }[];
  proof: { recipientName: string | null; photoUrl: string | null } | null;
  requirements: DeliveryRequirements;
  pin: string | null;
  /** When the page is made (epoch ms): an ETA is said in words from it. */
  now: number;
  /** The retailer's name, colour (`#rrggbb`) and logo (https), each when known. */
  retailer: { name: string; colour: string | null; logoUrl: string | null } | null;
  /** Whether the recipient may still add instructions for the driver (before the pickup); and what became of the last they sent. */
  instructions: { open: boolean; sent: 'sent' | 'too-late' | 'too-many' | null };
  /** Once delivered: whether a rating is taken, the stars given, and what became of one just sent. */
  rating: { open: boolean; given: number | null; sent: 'kept' | 'not-kept' | null };
  /** While the driver is on the way here: their last position and the drop-off, on the operator's tiles. */
  map: DeliveryMapView | null;
}

/**
 * The driver's photo of the parcel, shown where the policy lets the browser load it (https,
 * or one we keep, by its link on this page's origin); else only linked.
 */
const proofPhoto = (photoUrl: string | null | undefined) =>
  photoUrl && (/^https:\/\//i.test(photoUrl) || photoUrl.startsWith('/media/'))
    ? `<img class="proof" src="${escape(photoUrl)}" alt="Your parcel where the driver left it" loading="lazy">`
    : '';

/** The map's box, drawn by its script from the data written on it; hidden until then, so a page without script shows only words. */
const mapBox = (map: DeliveryMapView) =>
  `<div id="delivery-map" class="map" hidden role="region" aria-label="Map of your driver and your address" data-map="${escape(JSON.stringify(map))}"></div>`;

/** The driver's last position in words, for every page, with script or without. */
const lastSeen = (map: DeliveryMapView, now: number) => {
  const minutes = Math.max(0, Math.round((now - Date.parse(map.driver!.at)) / 60_000));
  return minutes < 1 ? 'just now' : `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
};

function ratingForm(rating: TrackingPageView['rating']): string {
  const said =
    rating.sent === 'kept'
      ? '<p role="status">Thank you for your rating.</p>'
      : rating.sent === 'not-kept'
        ? '<p role="status">This delivery takes no rating now.</p>'
        : '';
  if (!rating.open) {
    return rating.given ? `${said}<p>You rated this delivery ${rating.given} of 5.</p>` : said;
  }
  const stars = [1, 2, 3, 4, 5].map((n) => `<label><input type="radio" name="stars" value="${n}" required> ${n}</label>`).join(' ');
  return `${said}<form method="post">
<fieldset><legend>How was your delivery? (1 poor, 5 great)</legend>${stars}</fieldset>
<label for="comment">A comment (optional)</label>
<textarea id="comment" name="comment" maxlength="500" rows="2"></textarea>
<button type="submit">Send my rating</button>
</form>`;
}

/** The longest instructions the recipient may leave the driver. */
export const MAX_INSTRUCTIONS = 500;
/** How many times a task's recipient may leave instructions (docs/decisions.md, "The recipient's instructions for the driver"). */
export const MAX_INSTRUCTIONS_PER_TASK = 5;

function instructionsForm(instructions: TrackingPageView['instructions']): string {
  const said =
    instructions.sent === 'sent'
      ? '<p role="status">Thank you: your driver will see your instructions.</p>'
      : instructions.sent === 'too-late'
        ? '<p role="status">Your parcel is on its way already: please call the sender instead.</p>'
        : instructions.sent === 'too-many'
          ? `<p role="status">Your driver has your instructions already (at most ${MAX_INSTRUCTIONS_PER_TASK}): please call the sender to change them.</p>`
          : '';
  if (!instructions.open) return said;
  // Posted to the page's own address: its token is its only key, and it is never written into the page.
  return `${said}<form method="post">
<label for="instructions">Instructions for your driver (gate code, where to leave it)</label>
<textarea id="instructions" name="instructions" maxlength="${MAX_INSTRUCTIONS}" rows="3" required></textarea>
<button type="submit">Send to the driver</button>
</form>`;
}

/** What the recipient must have ready at the door, in their words. */
function atTheDoor({ kinds, minimumAge }: DeliveryRequirements): string | null {
  const asks = [
    kinds.includes('signature') && 'a signature',
    kinds.includes('minimum_age') && `an ID showing you are ${minimumAge} or older`,
    kinds.includes('id_check') && !kinds.includes('minimum_age') && 'an ID with your photo',
  ].filter((ask): ask is string => typeof ask === 'string');
  return asks.length > 0 ? `The driver will ask for ${asks.join(' and ')}` : null;
}

/**
 * The recipient's page: the status in words, the expected arrival (and how soon, in words)
 * and the drop-off window in words,
 * the driver's first name, the steps so far, and once delivered who took it and its photo;
 * nothing else of the order.
 */
export function trackingPage(view: TrackingPageView): string {
  const at = (iso: string) => time(iso, view.timeZone);
  const window =
    view.window && (view.window.start ? windowInWords(view.window.start, view.window.end, view.timeZone) : `by ${at(view.window.end)}`);
  const proof =
    view.proof &&
    [
      view.proof.recipientName && `received by ${escape(view.proof.recipientName)}`,
      view.proof.photoUrl && link(view.proof.photoUrl, 'photo'),
    ]
      .filter(Boolean)
      .join(', ');
  const rows = [
    view.eta ? ['Expected', `${at(view.eta)}${escape(soonInWords(view.eta, view.now))}`] : null,
    window ? ['Delivery window', window] : null,
    view.driverFirstName ? ['Driver', escape(view.driverFirstName)] : null,
    view.pin ? ['Your delivery code', `<strong>${escape(view.pin)}</strong>: give it to the driver`] : null,
    atTheDoor(view.requirements) ? ['At the door', escape(atTheDoor(view.requirements)!)] : null,
    proof ? ['Proof of delivery', proof] : null,
    view.map?.driver ? ["Driver's position", `updated ${lastSeen(view.map, view.now)}`] : null,
    ['Updated', at(view.updatedAt)],
  ].filter((row): row is string[] => row !== null);
  const steps = view.steps.map((step) => `<li>${at(step.at)} ${escape(STEP_TEXT[step.event] ?? step.event)}</li>`).join('');
  return page(
    view.retailer?.name ? `Your ${view.retailer.name} delivery` : 'Your delivery',
    `${brandHeader(view.retailer)}<h1 data-status="${escape(view.status)}">${escape(STATUS_TEXT[view.status])}</h1>
<dl>${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>${view.map ? mapBox(view.map) : ''}${proofPhoto(view.proof?.photoUrl)}${steps ? `\n<ol aria-label="Steps so far">${steps}</ol>` : ''}${instructionsForm(view.instructions)}${ratingForm(view.rating)}`,
    view.map ? MAP_ASSETS : '',
  );
}

export const trackingNotFoundPage = () =>
  page('Delivery not found', '<h1>We could not find this delivery</h1><p>Check the link in your message, or ask the sender.</p>');

export const trackingUnavailablePage = () =>
  page('Tracking unavailable', '<h1>Tracking is unavailable right now</h1><p>Please try again in a minute.</p>');

/** A request the tracking page cannot answer (a link mangled in transit): the status in words, our message escaped. */
export const errorPage = (status: number, message: string) =>
  page(STATUS_CODES[status] ?? 'Error', `<h1>${escape(STATUS_CODES[status] ?? 'Error')}</h1><p>${escape(message)}</p>`);
