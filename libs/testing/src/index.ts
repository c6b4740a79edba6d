export * from './free-port';
export * from './integration-ledger';
export * from './redis-server';
export * from './kafka-mock/kafka-mock-broker';
export * from './temp-dir';
export * from './eventually';
export * from './mongo';
export * from './fleet-server';
