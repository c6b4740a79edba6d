// Original file: protos/delivery/v1/quote.proto

import type { Quote as _delivery_v1_Quote, Quote__Output as _delivery_v1_Quote__Output } from '../../delivery/v1/Quote';

export interface ReserveQuoteResponse {
  'quote'?: (_delivery_v1_Quote | null);
}

export interface ReserveQuoteResponse__Output {
  'quote': (_delivery_v1_Quote__Output | null);
}
