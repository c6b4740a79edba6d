import { standaloneConfigSchema, standaloneOpsConfigSchema } from './config';

describe('the standalone configuration', () => {
  it('listens on loopback only, the gateway and the operations port alike, unless told otherwise', () => {
    expect(standaloneConfigSchema.parse({}).HOST).toBe('127.0.0.1');
    expect(standaloneOpsConfigSchema.parse({}).OPS_HOST).toBe('127.0.0.1');
    expect(standaloneOpsConfigSchema.parse({ OPS_HOST: '0.0.0.0' }).OPS_HOST).toBe('0.0.0.0');
  });
});
