import { checkRedisVersion } from './redis.key-value';

const info = (version: string) => `# Server\r\nredis_version:${version}\r\nredis_mode:standalone\r\n`;

describe('the Redis version check', () => {
  it('accepts 7.0 and later', () => {
    for (const version of ['7.0.0', '7.0.15', '7.2.4', '8.0.1', '10.0.0']) expect(() => checkRedisVersion(info(version))).not.toThrow();
  });

  it('refuses an older server, naming its version and the one needed', () => {
    expect(() => checkRedisVersion(info('6.2.14'))).toThrow(/runs Redis 6\.2\.14; 7\.0 or later is needed/);
    expect(() => checkRedisVersion(info('5.0.7'))).toThrow(/Redis 5\.0\.7/);
  });

  it('refuses a server that does not say its version', () => {
    expect(() => checkRedisVersion('# Server\r\n')).toThrow(/did not say its version/);
  });
});
