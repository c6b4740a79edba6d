import { aReservation, aTask } from '../testing/task.fixture';
import { promisedDropoff } from './promised-dropoff';

describe('the promised drop-off window', () => {
  const booked = { startTime: '2026-11-22T16:00:00.000Z', endTime: '2026-11-22T18:00:00.000Z' };
  const again = { startTime: '2026-11-23T16:00:00.000Z', endTime: '2026-11-23T18:00:00.000Z' };
  const reservation = aReservation(booked);

  it('is a re-attempt’s window once one is booked, over the reservation’s', () => {
    const task = { ...aTask(), reservation, followUp: { kind: 'reattempt' as const, attempt: 2, window: again } };
    expect(promisedDropoff(task)).toEqual({ window: again, basis: 'reattempt' });
  });

  it('is the reservation’s booked window for a Planned order', () => {
    expect(promisedDropoff({ ...aTask(), reservation })).toEqual({ window: booked, basis: 'reservation' });
  });

  it('runs from the ship date (or the order’s making) to the delivery date for a Same-Day order, and is none without a date', () => {
    const sameDay = { ...aTask(), shipDate: '2026-11-22T09:00:00.000Z', deliveryDate: '2026-11-22T18:00:00.000Z' };
    expect(promisedDropoff(sameDay)).toEqual({
      window: { startTime: '2026-11-22T09:00:00.000Z', endTime: '2026-11-22T18:00:00.000Z' },
      basis: 'delivery_date',
    });
    expect(promisedDropoff({ ...sameDay, shipDate: null })?.window.startTime).toBe(sameDay.createdAt);
    expect(promisedDropoff({ ...sameDay, deliveryDate: null })).toBeNull();
  });
});
