/** What the standalone composition root uses of gateway: its one public entry point. */
export { startGateway } from './start';
export { gatewayConfigSchema, rateLimitsFromConfig } from './config';
export { mapTilesFrom } from './maps/map-tiles';
export type { RateLimitSettings } from './protection/rate-limit-settings';
