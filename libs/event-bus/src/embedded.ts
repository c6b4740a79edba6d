export * from './embedded.event-bus';
