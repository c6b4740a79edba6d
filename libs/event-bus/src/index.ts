export * from './event-bus';
export * from './patient-handler';
