import { randomBytes } from 'node:crypto';
import { ManualClock } from '@delivery/clock';
import { MediaLinks } from '@delivery/proof-media';
import { takeEvents, type TakeEventDeps } from './webhook-events.consumer';

describe('taking events off the bus', () => {
  it('passes over a message that is not JSON or fails its schema, saying so in the log and to its observer', async () => {
    const logged: string[] = [];
    const passedOver: string[] = [];
    const stored: unknown[] = [];
    const deps: TakeEventDeps = {
      store: async (deliveries) => void stored.push(...deliveries),
      endpoints: {
        getWebhookEndpoint: async () => null,
        listWebhookEndpoints: async () => [],
        setWebhookEndpointDisabled: async () => true,
      },
      clock: new ManualClock(),
      logger: { error: (line: string) => void logged.push(line) },
      publicBaseUrl: () => null,
      mediaLinks: new MediaLinks([randomBytes(32)]),
      passedOver: (reason) => void passedOver.push(reason),
    };
    await takeEvents(
      [
        { topic: 'delivery.orders.v1', value: 'not json' },
        { topic: 'delivery.orders.v1', value: JSON.stringify({ id: 'evt_9', type: 'TaskTeleported', version: 2 }) },
      ],
      deps,
    );
    expect(passedOver).toEqual(['not-json', 'unknown-event']);
    expect(logged[0]).toMatch(/not JSON/);
    expect(logged[1]).toMatch(/event evt_9 \(TaskTeleported v2\) that fails its schema/);
    expect(stored).toEqual([]);
  });
});
