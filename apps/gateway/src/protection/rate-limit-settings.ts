/** The gateway's default limits; an account's own `rateLimits` replace the first two. */
export interface RateLimitSettings {
  perAccountPerMinute: number;
  perAppPerMinute: number;
  /** Calls of one account being answered at once, in one gateway process. */
  perAccountInFlight: number;
  /** Tokens issued per client id: only the secret's holder spends them. */
  tokenPerClientPerMinute: number;
  /** Refused secrets per source address, whatever the client id, before its wrong secrets get 429. */
  tokenPerAddressPerMinute: number;
  /** Refused secrets in a row, for one client id from one address, before it backs off. */
  tokenFailuresBeforeBackoff: number;
  tokenBackoffSeconds: number;
  /** Failed console sign-ins per source address in 15 minutes, whatever the emails, before it is stopped for 15 minutes. */
  consoleSignInFailuresPerAddress: number;
  /** Tracking page views per source address: the page is public, its token the only key. */
  trackingPerAddressPerMinute: number;
  /** Instructions for the driver posted from tracking pages per source address (each becomes a note). */
  instructionsPerAddressPerMinute: number;
  /** Courier networks' status webhooks per source address, counted before anything is read: anyone can post to their URLs. */
  courierWebhookPerAddressPerMinute: number;
  /** Legacy-path calls per source address, counted before the body (which carries the credentials) is read. */
  legacyPerAddressPerMinute: number;
  /** Console API calls per signed-in user, and per account whoever its users: the console's own quotas, apart from the integration API's. */
  consoleUserPerMinute: number;
  consoleAccountPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  perAccountPerMinute: 6_000,
  perAppPerMinute: 3_000,
  perAccountInFlight: 64,
  tokenPerClientPerMinute: 60,
  tokenPerAddressPerMinute: 120,
  tokenFailuresBeforeBackoff: 10,
  tokenBackoffSeconds: 300,
  consoleSignInFailuresPerAddress: 20,
  trackingPerAddressPerMinute: 120,
  instructionsPerAddressPerMinute: 10,
  courierWebhookPerAddressPerMinute: 1_200,
  legacyPerAddressPerMinute: 6_000,
  consoleUserPerMinute: 600,
  consoleAccountPerMinute: 1_200,
};
