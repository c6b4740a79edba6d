/** The gateway's default limits; an account's own `rateLimits` replace the first two. */
export interface RateLimitSettings {
  perAccountPerMinute: number;
  perAppPerMinute: number;
  /** Token requests per client id; a refused secret costs `tokenFailureCost`. */
  tokenPerClientPerMinute: number;
  /** Token requests per source address, whatever the client id. */
  tokenPerAddressPerMinute: number;
  tokenFailureCost: number;
  /** Refused secrets in a row, for one client id from one address, before it backs off. */
  tokenFailuresBeforeBackoff: number;
  tokenBackoffSeconds: number;
  /** Tracking page views per source address: the page is public, its token the only key. */
  trackingPerAddressPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  perAccountPerMinute: 6_000,
  perAppPerMinute: 3_000,
  tokenPerClientPerMinute: 60,
  tokenPerAddressPerMinute: 300,
  tokenFailureCost: 5,
  tokenFailuresBeforeBackoff: 10,
  tokenBackoffSeconds: 300,
  trackingPerAddressPerMinute: 120,
};
