import type { RequestHandler } from 'express';
import { getQuotesRequestSchema } from '@delivery/contracts';
import { principalOf } from '../auth/bearer-auth';
import type { QuotesGateway } from '../clients/quotes.client';
import { validate } from '../http/validate';
import { toGetQuotesRequest } from '../mappers/ship-request.mapper';
import { toQuoteResponse } from '../mappers/quote-response.mapper';

/** Spec row 5: Get Quotes from every fleet of the account (or of one carrier), each under its time budget. */
export function getQuotesRoute(quotes: QuotesGateway): RequestHandler {
  return async (req, res) => {
    const body = validate(getQuotesRequestSchema, req.body);
    const { accountId } = principalOf(res.locals);
    res.json(toQuoteResponse(await quotes.getQuotes(toGetQuotesRequest(body, accountId, res.locals.correlationId))));
  };
}
