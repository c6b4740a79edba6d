import { recordIntegrationSuite, startKafkaMockBroker, type KafkaMockBroker } from '@delivery/testing';
import { CONTRACT_HANDLING, describeEventBusContract } from './event-bus.contract';
import { KafkaEventBus } from './kafka.event-bus';

// The mock cannot create topics through the admin API, so the suite's topics are made up front.
const topics = Array.from({ length: 8 }, (_, i) => `contract-topic-${i}`);
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
