import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { eventually, recordIntegrationSuite, startKafkaMockBroker, type KafkaMockBroker } from '@delivery/testing';
import { CONTRACT_HANDLING, describeEventBusContract } from './event-bus.contract';
import { KafkaEventBus, MAX_SEND_MS } from './kafka.event-bus';
import { RequestQueue } from './kafkajs-request-queue';

// The mock cannot create topics through the admin API, so the suite's topics are made up front.
const topics = Array.from({ length: 10 }, (_, i) => `contract-topic-${i}`);
const deadLetterTopic = 'contract-dead-letters';
let broker: KafkaMockBroker;

describeEventBusContract(
  'kafka (librdkafka mock cluster)',
  async () => {
    try {
      broker = await startKafkaMockBroker([...topics, deadLetterTopic]);
    } catch (error) {
      recordIntegrationSuite({ suite: 'event-bus/kafka', ran: false, reason: String(error) });
      throw error;
    }
    recordIntegrationSuite({ suite: 'event-bus/kafka', ran: true });
    let used = 0;
    return {
      bus: new KafkaEventBus({
        brokers: broker.brokers,
        clientId: 'contract-test',
        sessionTimeoutMs: 6_000,
        handling: { ...CONTRACT_HANDLING, deadLetterTopic },
        idempotentProducer: false,
      }),
      topic: () => topics[used++]!,
      deadLetterTopic,
    };
  },
  async () => broker?.stop(),
);

/**
 * The same contract against a real Kafka broker, with production's idempotent producer, which
 * the mock cannot start: run where one is at hand, `KAFKA_TEST_BROKERS=host:9092 npm test`
 * (README, "Kafka without a broker"). The topics are made for the run and removed after it.
 */
const realBrokers = (process.env.KAFKA_TEST_BROKERS ?? '').split(',').filter(Boolean);
if (realBrokers.length > 0) {
  const run = randomBytes(4).toString('hex');
  const realTopics = Array.from({ length: 10 }, (_, i) => `contract-${run}-${i}`);
  const realDeadLetters = `contract-${run}-dead-letters`;
  const admin = new Kafka({ brokers: realBrokers, clientId: 'contract-admin', logLevel: logLevel.NOTHING }).admin();
  describeEventBusContract(
    'kafka (a real broker, idempotent producer)',
    async () => {
      await admin.connect();
      await admin.createTopics({
        topics: [...realTopics, realDeadLetters].map((topic) => ({ topic, numPartitions: 3 })),
        waitForLeaders: true,
      });
      let used = 0;
      return {
        bus: new KafkaEventBus({
          brokers: realBrokers,
          clientId: 'contract-test',
          sessionTimeoutMs: 6_000,
          handling: { ...CONTRACT_HANDLING, deadLetterTopic: realDeadLetters },
          idempotentProducer: true,
        }),
        topic: () => realTopics[used++]!,
        deadLetterTopic: realDeadLetters,
      };
    },
    async () => {
      await admin.deleteTopics({ topics: [...realTopics, realDeadLetters] }).catch(() => undefined);
      await admin.disconnect();
    },
  );
}

describe('kafka: a consumer that crashes', () => {
  const topic = 'crash-topic';
  let crashBroker: KafkaMockBroker;
  let bus: KafkaEventBus;
  beforeAll(async () => {
    crashBroker = await startKafkaMockBroker([topic, deadLetterTopic]);
    bus = new KafkaEventBus({
      brokers: crashBroker.brokers,
      clientId: 'crash-test',
      // The crashed consumer never left its group: the one started after it waits this long to join.
      sessionTimeoutMs: 3_000,
      handling: { ...CONTRACT_HANDLING, deadLetterTopic },
      idempotentProducer: false,
      // Wedged at once, for the test: liveness then follows the crash as readiness does.
      wedgedAfterMs: 0,
    });
  });
  afterAll(async () => {
    await bus?.close();
    await crashBroker?.stop();
  });

  it('makes readiness (and, once out of its group too long, liveness) false, is started again, and reads what it had not committed', async () => {
    const handled: string[] = [];
    const subscription = await bus.subscribe({ groupId: 'crash-group', topics: [topic], fromBeginning: true }, async (message) => {
      handled.push(message.value);
    });
    await bus.reachable();
    // The broker refuses the commit with an error kafkajs does not retry: it gives up on the consumer.
    await crashBroker.failRequests(8, 1, 30);
    await bus.publish(topic, [{ key: 'k', value: 'first' }]);
    await eventually(() => expect(bus.reachable()).rejects.toThrow(/a consumer crashed and is not back in its group/), 20_000, 20);
    await eventually(() => expect(bus.live()).rejects.toThrow(/a consumer has been out of its group/), 20_000, 20);
    await eventually(async () => {
      expect(handled).toEqual(['first', 'first']);
      await bus.reachable();
      await bus.live();
    }, 30_000);
    await bus.publish(topic, [{ key: 'k', value: 'second' }]);
    await eventually(() => expect(handled).toEqual(['first', 'first', 'second']), 20_000);
    await subscription.stop();
  }, 60_000);
});

describe('kafka: a broker down when a subscription starts', () => {
  const topic = 'late-topic';
  let lateBroker: KafkaMockBroker;
  let bus: KafkaEventBus;
  beforeAll(async () => {
    lateBroker = await startKafkaMockBroker([topic, deadLetterTopic]);
    bus = new KafkaEventBus({
      brokers: lateBroker.brokers,
      clientId: 'late-test',
      sessionTimeoutMs: 6_000,
      handling: { ...CONTRACT_HANDLING, deadLetterTopic },
      idempotentProducer: false,
    });
  });
  afterAll(async () => {
    await bus?.close();
    await lateBroker?.stop();
  });

  it('lets the process start all the same (the subscription reported down), and begins once the broker is back', async () => {
    await lateBroker.setDown(1);
    const handled: string[] = [];
    const subscription = await bus.subscribe({ groupId: 'late-group', topics: [topic], fromBeginning: true }, async (message) => {
      handled.push(message.value);
    });
    await expect(bus.reachable()).rejects.toThrow();
    await lateBroker.setUp(1);
    await bus.publish(topic, [{ key: 'k', value: 'after' }]);
    await eventually(async () => {
      expect(handled).toEqual(['after']);
      await bus.reachable();
    }, 40_000);
    await subscription.stop();
  }, 60_000);
});

describe('kafka: an idle connection', () => {
  const topic = 'idle-topic';
  let idleBroker: KafkaMockBroker;
  let bus: KafkaEventBus;
  beforeAll(async () => {
    idleBroker = await startKafkaMockBroker([topic, deadLetterTopic]);
    bus = new KafkaEventBus({ brokers: idleBroker.brokers, clientId: 'idle-test', sessionTimeoutMs: 6_000, idempotentProducer: false });
  });
  afterAll(async () => {
    await bus?.close();
    await idleBroker?.stop();
  });

  it('checks its request queue when answers come, not on a timer that spins while nothing is pending (kafkajs#1556)', async () => {
    const seen: string[] = [];
    const subscription = await bus.subscribe({ groupId: 'idle-group', topics: [topic], fromBeginning: true }, async (m) => {
      seen.push(m.value);
    });
    await bus.publish(topic, [{ key: 'k', value: 'one' }]);
    await eventually(() => expect(seen).toEqual(['one']), 20_000);
    const { prototype } = RequestQueue;
    const [check, fulfil] = [prototype.checkPendingRequests, prototype.fulfillRequest];
    let [checks, answers] = [0, 0];
    prototype.checkPendingRequests = function (this: typeof prototype) {
      checks += 1;
      check.call(this);
    };
    prototype.fulfillRequest = function (this: typeof prototype, ...args: unknown[]) {
      answers += 1;
      fulfil.apply(this, args);
    };
    try {
      // Idle, the consumer's fetches (each waits 500 ms) and heartbeats are still answered: the witness.
      await eventually(() => expect(answers).toBeGreaterThanOrEqual(4), 10_000);
      // Each answer checks its queue once; a spinning timer checks every connection's about every millisecond.
      expect(checks).toBeLessThanOrEqual(answers * 3);
    } finally {
      Object.assign(prototype, { checkPendingRequests: check, fulfillRequest: fulfil });
      await subscription.stop();
    }
  }, 45_000);

  it('gives a send up, within its bound, while the broker keeps refusing it with a retriable error (NOT_ENOUGH_REPLICAS)', async () => {
    await bus.publish(topic, [{ key: 'k', value: 'warm-up' }]);
    // Produce (API key 0) answered NOT_ENOUGH_REPLICAS (19), retriable: an unbounded producer retried it for good.
    await idleBroker.failRequests(0, 50, 19);
    const started = Date.now();
    await expect(bus.publish(topic, [{ key: 'k', value: 'refused' }])).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(MAX_SEND_MS);
  }, 60_000);
});
