/** What the standalone composition root and the system tests use of order-lifecycle: its one public entry point. */
export { startOrderLifecycle, type RunningOrderLifecycle } from './start';
export { QuoteReservationsGrpcClient } from './adapters/quote-reservations.grpc-client';
export { EmbeddedTaskRepository } from './adapters/task.embedded-repository';
