/** What the standalone composition root and the system tests use of gateway: its one public entry point. */
export { startGateway, type RunningGateway } from './start';
// The HTTP contract it serves, for the tests that walk every route and check every answer.
export { PATHS } from './routes/paths';
export { OPERATIONS, openApiDocument } from './openapi/openapi-document';
export type { Operation } from './openapi/operation';
export { gatewayConfigSchema, rateLimitsFromConfig } from './config';
export { mapTilesFrom } from './maps/map-tiles';
export type { RateLimitSettings } from './protection/rate-limit-settings';
