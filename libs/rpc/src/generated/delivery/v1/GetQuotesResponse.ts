// Original file: protos/delivery/v1/quote.proto

import type { Quote as _delivery_v1_Quote, Quote__Output as _delivery_v1_Quote__Output } from '../../delivery/v1/Quote';
import type { QuoteError as _delivery_v1_QuoteError, QuoteError__Output as _delivery_v1_QuoteError__Output } from '../../delivery/v1/QuoteError';

export interface GetQuotesResponse {
  'quotes'?: (_delivery_v1_Quote)[];
  'quoteErrors'?: (_delivery_v1_QuoteError)[];
}

export interface GetQuotesResponse__Output {
  'quotes': (_delivery_v1_Quote__Output)[];
  'quoteErrors': (_delivery_v1_QuoteError__Output)[];
}
