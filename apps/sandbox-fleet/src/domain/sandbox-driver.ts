import { FAILURE_WORDS, type FailureCode, type FleetTaskView } from '@delivery/contracts';
import { randomFor } from './seeded-random';

/** How the sandbox fleet behaves: its pace, its drivers and how often a drop-off fails. */
export interface SandboxSettings {
  /** Time between two steps of one task. */
  stepMs: number;
  /** Share of drop-offs that fail (then the parcel is returned), from 0 to 1. */
  failureRate: number;
  /** What a failed drop-off reports. */
  failureCode: FailureCode;
  /** How far behind its drivers run: their drop-off ETAs are this much later (lateness shows). */
  lateMinutes: number;
  seed: number;
  drivers: readonly string[];
}

/** One call of the fleet API: what the sandbox's driver does next. */
export interface FleetCall {
  method: 'POST' | 'PUT';
  /** Below /fleet/v1/tasks/{task}. */
  path: string;
  body?: unknown;
}

const VEHICLES = ['Cargo bike', 'Small van', 'Electric van', 'Scooter'];

/** A position near the stop, the same for the same task and stop. */
function near(random: () => number) {
  return { lat: Math.round((39.78 + (random() - 0.5) / 10) * 1e5) / 1e5, lng: Math.round((-89.65 + (random() - 0.5) / 10) * 1e5) / 1e5 };
}

/**
 * The sandbox driver's next calls for a task, one step of its delivery: take it and name a
 * driver, set off, arrive, complete with proof (or fail the drop-off and return the parcel).
 * Pure: the time and the task decide, and the task's own random stream (see `randomFor`).
 */
export function nextCalls(task: FleetTaskView, settings: SandboxSettings, now: Date): FleetCall[] {
  const random = randomFor(settings.seed, task.fulfillment_id);
  const driver = settings.drivers[Math.floor(random() * settings.drivers.length)] ?? 'Sandbox Driver';
  const vehicle = VEHICLES[Math.floor(random() * VEHICLES.length)]!;
  const fails = random() < settings.failureRate;
  const position = near(random);
  const [pickup, dropoff] = [task.way_points.find((w) => w.type === 'pickup')!, task.way_points.find((w) => w.type === 'dropoff')!];
  const eta = (steps: number, behindMs = 0) => new Date(now.getTime() + steps * settings.stepMs + behindMs).toISOString();
  const behind = settings.lateMinutes * 60_000;
  const stop = (w: { id: string }, action: string) => `way_points/${w.id}/${action}`;

  switch (task.status) {
    case 'dispatched':
      return [
        { method: 'POST', path: 'accept' },
        { method: 'PUT', path: 'driver', body: { name: driver, phone: '+15550100', vehicle } },
      ];
    case 'assigned':
      return [
        { method: 'POST', path: 'start' },
        {
          method: 'POST',
          path: 'location',
          body: {
            location: position,
            etas: [
              { way_point_id: pickup.id, eta: eta(1) },
              { way_point_id: dropoff.id, eta: eta(4, behind) },
            ],
          },
        },
      ];
    case 'en_route_to_pickup':
      return [{ method: 'POST', path: stop(pickup, 'arrive') }];
    case 'at_pickup':
      return [{ method: 'POST', path: stop(pickup, 'complete') }];
    case 'picked_up':
      // A drop-off to be tried again waits for its new window.
      if (task.follow_up?.kind === 'reattempt' && Date.parse(task.follow_up.window.start_time) > now.getTime()) return [];
      return [
        { method: 'POST', path: 'start' },
        { method: 'POST', path: 'location', body: { location: position, etas: [{ way_point_id: dropoff.id, eta: eta(2, behind) }] } },
      ];
    case 'en_route_to_dropoff':
      return [{ method: 'POST', path: stop(dropoff, 'arrive') }];
    case 'at_dropoff':
      return fails
        ? [
            {
              method: 'POST',
              path: stop(dropoff, 'fail'),
              body: { reason_code: settings.failureCode, reason: FAILURE_WORDS[settings.failureCode] },
            },
          ]
        : [
            {
              method: 'POST',
              path: stop(dropoff, 'complete'),
              body: {
                proof_of_delivery: { recipient_name: dropoffName(task), note: 'Handed to the recipient', ...requiredProof(task, now) },
              },
            },
          ];
    case 'failed':
      return dropoff.failure_reason && pickup.completed_at ? [{ method: 'POST', path: 'return' }] : [];
    default:
      return [];
  }
}

/** Where the sandbox's simulated proofs would be: example.com is reserved, so nothing is there (docs/decisions.md). */
const SIMULATED_PROOF = 'https://example.com/sandbox';

/**
 * The proof a simulated driver collects for the drop-off's requirements: a signature and a
 * photo link, an ID checked showing an adult ten years over the minimum age, every package
 * scanned. A PIN it cannot know: the demo fleets do not declare they collect one.
 */
function requiredProof(task: FleetTaskView, now: Date): Record<string, unknown> {
  const { kinds, minimum_age } = task.requirements;
  const birth = new Date(now);
  birth.setUTCFullYear(now.getUTCFullYear() - (minimum_age ?? 0) - 10);
  return {
    ...(kinds.includes('signature') && { signature_url: `${SIMULATED_PROOF}/signatures/${task.task_id}.png` }),
    ...(kinds.includes('photo') && { photo_url: `${SIMULATED_PROOF}/photos/${task.task_id}.jpg` }),
    ...((kinds.includes('id_check') || kinds.includes('minimum_age')) && { id_checked: true }),
    ...(kinds.includes('minimum_age') && { recipient_birth_date: birth.toISOString().slice(0, 10) }),
    ...(kinds.includes('barcode_scan') && { barcodes: task.packages.map((p) => p.tracking_number) }),
  };
}

const dropoffName = (task: FleetTaskView) => task.way_points.find((w) => w.type === 'dropoff')?.contact.personName ?? 'Recipient';
