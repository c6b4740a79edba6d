import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from '@asyncapi/parser';
import {
  ALL_TOPICS,
  EVENT_CATALOG,
  noteAddedEventSchema,
  orderTopicEventSchema,
  quoteIssuedEventSchema,
  TOPICS,
} from '@delivery/contracts';
import { renderAsyncApi } from '../../scripts/generate-asyncapi';
import { DEFAULT_HANDLING } from '@delivery/event-bus';

const ERROR = 0;

/** docs/asyncapi.yaml: what `npm run asyncapi` makes of the event schemas today, and valid AsyncAPI. */
describe('the AsyncAPI document', () => {
  const committed = readFileSync(join(__dirname, '..', '..', 'docs', 'asyncapi.yaml'), 'utf8');

  it('is up to date with the event schemas', () => {
    expect(committed).toBe(renderAsyncApi());
  });

  it('is valid AsyncAPI 3 for the official parser, with every topic and the dead letters', async () => {
    const { document, diagnostics } = await new Parser().parse(committed);
    expect(diagnostics.filter((d) => d.severity === ERROR)).toEqual([]);
    expect(document?.version()).toBe('3.0.0');
    expect(
      document!
        .channels()
        .all()
        .map((c) => c.address()),
    ).toEqual([...ALL_TOPICS, DEFAULT_HANDLING.deadLetterTopic]);
  });

  it('describes every topic of the catalog', () => {
    expect(EVENT_CATALOG.map((entry) => entry.topic).sort()).toEqual([...ALL_TOPICS].sort());
  });

  it("lists every event each topic carries, as the topic's own schema names them", async () => {
    const { document } = await new Parser().parse(committed);
    const named = (topic: string) =>
      document!
        .channels()
        .all()
        .find((channel) => channel.address() === topic)!
        .messages()
        .all()
        .map((message) => message.name());
    expect(named(TOPICS.orders)).toEqual(orderTopicEventSchema.options.map((schema) => schema.shape.type.value));
    expect(named(TOPICS.quotes)).toEqual([quoteIssuedEventSchema.shape.type.value]);
    expect(named(TOPICS.notes)).toEqual([noteAddedEventSchema.shape.type.value]);
  });
});
