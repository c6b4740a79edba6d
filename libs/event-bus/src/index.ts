export * from './event-bus';
export * from './kafka.event-bus';
export * from './embedded.event-bus';
export * from './patient-handler';
