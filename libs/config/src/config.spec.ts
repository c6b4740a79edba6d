import { z } from 'zod';
import { ConfigError, envFlag, envInt, envList, parseConfig } from './load-config';
import { mongoUrlSchema } from './connection-string';

describe('parseConfig', () => {
  const schema = z.object({ PORT: envInt(8080), URL: z.string().url(), DEBUG: envFlag(false) });

  it('applies defaults and reads text as the types configs need', () => {
    expect(parseConfig(schema, { URL: 'redis://x', PORT: '9000', DEBUG: '1' })).toEqual({ PORT: 9000, URL: 'redis://x', DEBUG: true });
    expect(parseConfig(schema, { URL: 'redis://x' })).toEqual({ PORT: 8080, URL: 'redis://x', DEBUG: false });
  });

  it('names every problem at once', () => {
    const error = (() => {
      try {
        parseConfig(schema, { PORT: 'eighty', DEBUG: 'maybe' });
      } catch (e) {
        return e as ConfigError;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'URL', 'DEBUG']);
  });

  it('reads a comma-separated list, trimmed, without empty items', () => {
    const lists = z.object({ KAFKA_BROKERS: envList.optional() });
    expect(parseConfig(lists, { KAFKA_BROKERS: ' kafka-1:9092, kafka-2:9092,, ' })).toEqual({
      KAFKA_BROKERS: ['kafka-1:9092', 'kafka-2:9092'],
    });
    expect(parseConfig(lists, {})).toEqual({});
  });
});

describe('MONGO_URL', () => {
  const schema = z.object({ MONGO_URL: mongoUrlSchema.optional() });
  it.each([
    'mongodb://mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/delivery?replicaSet=rs0&w=majority',
    'mongodb+srv://user:pass@cluster0.example.net/delivery?w=majority',
    'mongodb://127.0.0.1:27017/delivery',
  ])('takes %s, a connection string as the driver reads it', (url) => {
    expect(parseConfig(schema, { MONGO_URL: url }).MONGO_URL).toBe(url);
  });

  it('refuses what is no MongoDB connection string, naming the variable', () => {
    expect(() => parseConfig(schema, { MONGO_URL: 'https://mongo.example' })).toThrow(/MONGO_URL.*MongoDB connection string/);
  });
});
