import { join } from 'node:path';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@delivery/accounts';
import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { EmbeddedMessageRepository } from '../adapters/message.embedded-repository';
import { orderEvent, taskSnapshot } from '@delivery/testing';
import { takeEvents, type TakeEventsDeps } from './order-events.consumer';

describe('taking order events into the message queue', () => {
  const dir = tempDataDir('notifier-take-');
  const store = openEmbeddedStore(join(dir.path, 'notifier'));
  const messages = new EmbeddedMessageRepository(store);
  let settings: NotificationSettings | null;
  const logged: string[] = [];
  const deps: TakeEventsDeps = {
    messages,
    settingsOf: async () => settings,
    clock: new ManualClock(new Date('2026-11-27T14:00:00.000Z')),
    logger: { error: (line: string) => void logged.push(line) },
    settleAtOnce: async () => null,
    stored: () => undefined,
  };
  const value = (...args: Parameters<typeof orderEvent>) => ({ topic: 'delivery.orders.v1', value: JSON.stringify(orderEvent(...args)) });
  const statuses = async (taskId: string) =>
    (await messages.listByTask('acc_1', taskId)).map((m) => `${m.moment} ${m.channel} ${m.status}`);

  beforeEach(() => {
    settings = DEFAULT_NOTIFICATION_SETTINGS;
  });
  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  it('keeps on each message the trace its event came with, for its send to join', async () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const event = value('TaskDispatched', { fleetId: 1, fleetName: 'Own fleet' }, undefined, taskSnapshot({ taskId: 'tsk_traced' }));
    await takeEvents([{ ...event, headers: { traceparent, 'x-request-id': 'req-1' } }], deps);
    expect((await messages.listByTask('acc_1', 'tsk_traced')).map((m) => m.trace)).toEqual([traceparent, traceparent]);
  });

  it('makes one message per moment and channel, however often its events come', async () => {
    const task = taskSnapshot({ taskId: 'tsk_twice', status: 'dispatched' });
    const dispatched = value('TaskDispatched', { fleetId: 1, fleetName: 'Own fleet' }, undefined, task);
    await takeEvents([dispatched, dispatched], deps);
    await takeEvents([value('TaskDispatched', { fleetId: 2, fleetName: 'Other' }, '2026-11-27T14:05:00.000Z', task)], deps);
    expect(await statuses('tsk_twice')).toEqual(['dispatched sms pending', 'dispatched email pending']);
  });

  it('stores settled, with its event, a message settled as it is made, and queues the others', async () => {
    const keep: TakeEventsDeps['settleAtOnce'] = async (message) =>
      message.channel === 'email'
        ? { settlement: { status: 'not_sent', at: '2026-11-27T14:00:00.000Z', detail: 'no provider' }, events: [] }
        : null;
    const task = taskSnapshot({ taskId: 'tsk_kept', status: 'dispatched' });
    await takeEvents([value('TaskDispatched', { fleetId: 1, fleetName: 'Own fleet' }, undefined, task)], { ...deps, settleAtOnce: keep });
    expect(await statuses('tsk_kept')).toEqual(['dispatched sms pending', 'dispatched email not_sent']);
  });

  it('makes nothing for a moment the account does not tell, nor for an account that is gone', async () => {
    settings = { ...DEFAULT_NOTIFICATION_SETTINGS, moments: { ...DEFAULT_NOTIFICATION_SETTINGS.moments, dispatched: false } };
    await takeEvents([value('TaskDispatched', { fleetId: 1, fleetName: 'x' }, undefined, taskSnapshot({ taskId: 'tsk_off' }))], deps);
    settings = null;
    await takeEvents([value('TaskDispatched', { fleetId: 1, fleetName: 'x' }, undefined, taskSnapshot({ taskId: 'tsk_gone' }))], deps);
    expect([...(await statuses('tsk_off')), ...(await statuses('tsk_gone'))]).toEqual([]);
  });

  it('skips, in one batch, a moment reached and then ended: the driver set off and arrived', async () => {
    const task = taskSnapshot({ taskId: 'tsk_quick' });
    await takeEvents(
      [
        value('TaskStarted', { leg: 'dropoff' }, undefined, task),
        value('WayPointArrived', { wayPointId: 'wp_d', wayPointType: 'dropoff' }, '2026-11-27T14:01:00.000Z', task),
      ],
      deps,
    );
    expect(await statuses('tsk_quick')).toEqual([
      'on_the_way sms skipped',
      'on_the_way email skipped',
      'arriving_soon sms skipped',
      'arriving_soon email skipped',
    ]);
    const [first] = await messages.listByTask('acc_1', 'tsk_quick');
    expect(first!.history.at(-1)!.detail).toBe('the driver arrived');
  });

  it('passes over what is not an order event, saying so', async () => {
    await takeEvents(
      [
        { topic: 'delivery.orders.v1', value: '{' },
        { topic: 'delivery.orders.v1', value: JSON.stringify({ id: 'evt_x', type: 'TaskTeleported' }) },
      ],
      deps,
    );
    expect(logged).toEqual([
      'notifier: passing over a message that is not JSON',
      expect.stringMatching(/^notifier: passing over event evt_x \(TaskTeleported\) that fails its schema at /),
    ]);
  });
});
