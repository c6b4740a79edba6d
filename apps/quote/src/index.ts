/** What the standalone composition root and the system tests use of quote: its one public entry point. */
export { startQuoteService } from './start';
export { quoteConfigSchema } from './config';
export { EmbeddedQuoteRepository } from './adapters/quote.embedded-repository';
