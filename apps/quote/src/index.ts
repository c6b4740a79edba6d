/** What the standalone composition root uses of quote: its one public entry point. */
export { startQuoteService } from './start';
export { quoteConfigSchema } from './config';
export { EmbeddedQuoteRepository } from './adapters/quote.embedded-repository';
