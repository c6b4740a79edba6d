import { randomBytes } from 'node:crypto';
import type { WebhookEndpoint } from '@delivery/accounts';
import { ManualClock } from '@delivery/clock';
import { MediaLinks, mediaRef } from '@delivery/proof-media';
import { orderEvent, taskSnapshot } from '@delivery/testing';
import { deliveriesFor, WEBHOOK_PROOF_LINK_TTL_MS } from './make-deliveries';

const NOW = new Date('2026-11-27T14:00:00.000Z');
const endpoint = {
  id: 'whe_1',
  accountId: 'acc_1',
  url: 'https://caller.example/hooks',
  eventTypes: [],
  disabledAt: null,
} as unknown as WebhookEndpoint;

describe("a webhook's proof of delivery", () => {
  const links = new MediaLinks([randomBytes(32)]);
  const photo = mediaRef('acc_1/tsk_1/photo-0123456789abcdef01234567.jpg');
  const proof = {
    recipientName: 'Ada',
    signatureUrl: 'https://pod.example/sig.png',
    photoUrl: photo,
    note: null,
    verified: ['photo'] as const,
    barcodes: [],
  };
  const completed = orderEvent(
    'WayPointCompleted',
    { wayPointId: 'wp_d', wayPointType: 'dropoff', proofOfDelivery: proof },
    NOW.toISOString(),
    taskSnapshot({
      status: 'delivered',
      wayPoints: [
        { id: 'wp_p', type: 'pickup', window: null, eta: null },
        {
          id: 'wp_d',
          type: 'dropoff',
          window: null,
          eta: null,
          completedAt: NOW.toISOString(),
          proofOfDelivery: { ...proof, verified: ['photo'] },
        },
      ],
    }),
  );
  const deps = (publicBaseUrl: string | null) => ({
    endpoints: {
      listWebhookEndpoints: async () => [endpoint],
      getWebhookEndpoint: async () => null,
      setWebhookEndpointDisabled: async () => true,
    },
    clock: new ManualClock(NOW),
    publicBaseUrl: () => publicBaseUrl,
    mediaLinks: links,
  });
  const dropoffProof = (body: string) => JSON.parse(body).data.way_points[1].proof_of_delivery;

  it("links a stored photo for a week, signed, and leaves a fleet's own URL as it came", async () => {
    const [delivery] = await deliveriesFor(completed, undefined, deps('https://gw.example'));
    const shown = dropoffProof(delivery!.body);
    expect(shown.signature_url).toBe('https://pod.example/sig.png');
    const url = new URL(shown.photo_url);
    expect(url.origin + url.pathname).toBe('https://gw.example/media/acc_1/tsk_1/photo-0123456789abcdef01234567.jpg');
    const expires = Number(url.searchParams.get('expires'));
    expect(expires * 1000).toBe(Math.floor((NOW.getTime() + WEBHOOK_PROOF_LINK_TTL_MS) / 1000) * 1000);
    expect(links.valid('acc_1/tsk_1/photo-0123456789abcdef01234567.jpg', expires, url.searchParams.get('signature')!, NOW)).toBe(true);
  });

  it('without a public address, says a photo was kept by its name, and links nothing', async () => {
    const [delivery] = await deliveriesFor(completed, undefined, deps(null));
    expect(dropoffProof(delivery!.body).photo_url).toBe(photo);
  });
});
