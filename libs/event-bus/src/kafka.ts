export * from './kafka.event-bus';
