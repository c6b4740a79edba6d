import { envFlag } from '@delivery/config';

/**
 * What a URL that someone configured (a webhook endpoint, a fleet's quote or dispatch URL,
 * a courier's or a caller's token URL) may point at. Both openings exist for local
 * development and tests only; one pair of settings opens them for every such request.
 */
export interface OutboundPolicy {
  /** OUTBOUND_ALLOW_HTTP: plain http besides https. */
  allowHttp: boolean;
  /** OUTBOUND_ALLOW_PRIVATE_NETWORKS: loopback, private and other non-public addresses. */
  allowPrivateNetworks: boolean;
}

export const STRICT_OUTBOUND_POLICY: OutboundPolicy = { allowHttp: false, allowPrivateNetworks: false };

/** The environment variables of the two openings, named in every refusal they would lift. */
export const OUTBOUND_SETTINGS = { allowHttp: 'OUTBOUND_ALLOW_HTTP', allowPrivateNetworks: 'OUTBOUND_ALLOW_PRIVATE_NETWORKS' } as const;

/** The two settings in an app's config schema (spread into it), and the policy they make. */
export const outboundPolicyConfig = {
  [OUTBOUND_SETTINGS.allowHttp]: envFlag(false),
  [OUTBOUND_SETTINGS.allowPrivateNetworks]: envFlag(false),
};

export const outboundPolicyFrom = (config: { OUTBOUND_ALLOW_HTTP: boolean; OUTBOUND_ALLOW_PRIVATE_NETWORKS: boolean }): OutboundPolicy => ({
  allowHttp: config.OUTBOUND_ALLOW_HTTP,
  allowPrivateNetworks: config.OUTBOUND_ALLOW_PRIVATE_NETWORKS,
});
