/** What the standalone composition root uses of order-lifecycle: its one public entry point. */
export { startOrderLifecycle } from './start';
export { QuoteReservationsGrpcClient } from './adapters/quote-reservations.grpc-client';
export { EmbeddedTaskRepository } from './adapters/task.embedded-repository';
