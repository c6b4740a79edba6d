export * from './event-bus';
export * from './patient-handler';
export * from './read-event';
