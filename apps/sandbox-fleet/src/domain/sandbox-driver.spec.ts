import type { FleetTaskView } from '@delivery/contracts';
import { nextCalls, type SandboxSettings } from './sandbox-driver';
import { randomFor } from './seeded-random';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const SETTINGS: SandboxSettings = {
  stepMs: 5_000,
  failureRate: 0,
  failureCode: 'refused',
  lateMinutes: 0,
  seed: 7,
  drivers: ['Grace Hopper', 'Alan Turing'],
};

function aTask(status: FleetTaskView['status'], fulfillmentId = 'FUL-1'): FleetTaskView {
  const stop = (id: string, type: 'pickup' | 'dropoff') => ({
    id,
    type,
    contact: { personName: type === 'pickup' ? 'Store 12' : 'Ada Lovelace', phoneNumber: null },
    address: { streetLines: ['1 St'], city: 'Springfield', stateOrProvinceCode: 'IL', postalCode: '62701', countryCode: 'US' },
    window: null,
    eta: null,
    arrived_at: null,
    completed_at: type === 'pickup' && status === 'failed' ? NOW.toISOString() : null,
    failure_reason: type === 'dropoff' && status === 'failed' ? 'Nobody at the address' : null,
    failure_code: type === 'dropoff' && status === 'failed' ? ('recipient_unavailable' as const) : null,
    proof_of_delivery: null,
  });
  return {
    task_id: 'tsk_1',
    shipment_id: 'SHP1',
    status,
    order_id: 'ORD-1',
    fulfillment_id: fulfillmentId,
    service_level: 'EXPRESS',
    ship_date: null,
    delivery_date: null,
    dispatched_at: NOW.toISOString(),
    accepted_at: null,
    driver: null,
    way_points: [stop('wp_p', 'pickup'), stop('wp_d', 'dropoff')],
    requirements: { kinds: [], minimum_age: null },
    follow_up: null,
    packages: [],
  };
}

describe('the sandbox driver', () => {
  it('takes each state one step on, through the fleet API', () => {
    const paths = (status: FleetTaskView['status']) => nextCalls(aTask(status), SETTINGS, NOW).map((c) => `${c.method} ${c.path}`);
    expect(paths('dispatched')).toEqual(['POST accept', 'PUT driver']);
    expect(paths('assigned')).toEqual(['POST start', 'POST location']);
    expect(paths('en_route_to_pickup')).toEqual(['POST way_points/wp_p/arrive']);
    expect(paths('at_pickup')).toEqual(['POST way_points/wp_p/complete']);
    expect(paths('picked_up')).toEqual(['POST start', 'POST location']);
    expect(paths('en_route_to_dropoff')).toEqual(['POST way_points/wp_d/arrive']);
    expect(paths('at_dropoff')).toEqual(['POST way_points/wp_d/complete']);
    expect(paths('failed')).toEqual(['POST return']);
    expect(paths('delivered')).toEqual([]);
  });

  it('leaves proof of delivery with the recipient name, and ETAs from its pace', () => {
    const [complete] = nextCalls(aTask('at_dropoff'), SETTINGS, NOW);
    expect(complete!.body).toEqual({ proof_of_delivery: { recipient_name: 'Ada Lovelace', note: 'Handed to the recipient' } });
    const [, location] = nextCalls(aTask('assigned'), SETTINGS, NOW);
    expect(location!.body).toMatchObject({
      etas: [
        { way_point_id: 'wp_p', eta: '2026-11-22T10:00:05.000Z' },
        { way_point_id: 'wp_d', eta: '2026-11-22T10:00:20.000Z' },
      ],
    });
  });

  it("collects the proof the drop-off requires: signature, ID showing an adult over the minimum age, every package's barcode", () => {
    const task = {
      ...aTask('at_dropoff'),
      requirements: { kinds: ['signature', 'minimum_age', 'barcode_scan'] as const, minimum_age: 21 },
      packages: [{ package_id: 'pkg_1', tracking_number: '900000000000000001', description: null, weight_kg: 1, dimensions_cm: null }],
    };
    const [complete] = nextCalls({ ...task, requirements: { ...task.requirements, kinds: [...task.requirements.kinds] } }, SETTINGS, NOW);
    expect(complete!.body).toEqual({
      proof_of_delivery: {
        recipient_name: 'Ada Lovelace',
        note: 'Handed to the recipient',
        signature_url: 'https://example.com/sandbox/signatures/tsk_1.png',
        id_checked: true,
        recipient_birth_date: '1995-11-22',
        barcodes: ['900000000000000001'],
      },
    });
  });

  it('waits for the window of a drop-off to be tried again before setting off', () => {
    const window = (start: Date) => ({ start_time: start.toISOString(), end_time: new Date(start.getTime() + 3_600_000).toISOString() });
    const waiting = {
      ...aTask('picked_up'),
      follow_up: { kind: 'reattempt' as const, attempt: 2, window: window(new Date(NOW.getTime() + 60_000)) },
    };
    expect(nextCalls(waiting, SETTINGS, NOW)).toEqual([]);
    const due = { ...waiting, follow_up: { ...waiting.follow_up, window: window(NOW) } };
    expect(nextCalls(due, SETTINGS, NOW).map((c) => c.path)).toEqual(['start', 'location']);
  });

  it('told to run late, gives drop-off ETAs that much later, the pickup unchanged', () => {
    const [, location] = nextCalls(aTask('assigned'), { ...SETTINGS, lateMinutes: 90 }, NOW);
    expect(location!.body).toMatchObject({
      etas: [
        { way_point_id: 'wp_p', eta: '2026-11-22T10:00:05.000Z' },
        { way_point_id: 'wp_d', eta: '2026-11-22T11:30:20.000Z' },
      ],
    });
    const [, again] = nextCalls(aTask('picked_up'), { ...SETTINGS, lateMinutes: 90 }, NOW);
    expect(again!.body).toMatchObject({ etas: [{ way_point_id: 'wp_d', eta: '2026-11-22T11:30:10.000Z' }] });
  });

  it('fails drop-offs at its failure rate and picks drivers from its pool, the same for the same seed and order', () => {
    const outcomes = (seed: number) =>
      Array.from({ length: 200 }, (_, i) => {
        const settings = { ...SETTINGS, seed, failureRate: 0.25 };
        const [driver] = nextCalls(aTask('dispatched', `FUL-${i}`), settings, NOW).slice(1);
        const [dropoff] = nextCalls(aTask('at_dropoff', `FUL-${i}`), settings, NOW);
        return `${(driver!.body as { name: string }).name}/${dropoff!.path.endsWith('fail') ? 'failed' : 'delivered'}`;
      });
    expect(outcomes(7)).toEqual(outcomes(7));
    expect(outcomes(8)).not.toEqual(outcomes(7));
    const failures = outcomes(7).filter((o) => o.endsWith('failed')).length;
    expect(failures).toBeGreaterThan(25);
    expect(failures).toBeLessThan(75);
    expect(new Set(outcomes(7).map((o) => o.split('/')[0]))).toEqual(new Set(SETTINGS.drivers));
  });

  it('draws numbers in [0, 1)', () => {
    const random = randomFor(1, 'x');
    const draws = Array.from({ length: 1_000 }, random);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
  });
});
