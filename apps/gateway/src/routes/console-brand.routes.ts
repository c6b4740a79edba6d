import type { RequestHandler } from 'express';
import { brandProblem, type AccountRepository } from '@delivery/accounts';
import { consolePutBrandRequestSchema, DomainError, type ConsoleBrand } from '@delivery/contracts';
import { consoleAccountOf } from '../console/console-auth';
import { validate } from '../http/validate';

/** The account's colour and logo, as the recipient's page and e-mails show them. */
export function getBrandRoute(accounts: AccountRepository): RequestHandler {
  return async (_req, res) => {
    const brand = (await accounts.getAccount(consoleAccountOf(res.locals)))?.brand ?? null;
    const answer: ConsoleBrand = { brand: brand && { colour: brand.colour, logo_url: brand.logoUrl } };
    res.json(answer);
  };
}

/** Sets them (admin), or with DELETE goes back to none. */
export function putBrandRoute(accounts: AccountRepository, remove = false): RequestHandler {
  return async (req, res) => {
    const given = remove ? null : validate(consolePutBrandRequestSchema, req.body);
    const brand = given && { colour: given.colour, logoUrl: given.logo_url ?? null };
    const problem = brand && brandProblem(brand);
    if (problem) throw new DomainError('VALIDATION_FAILED', `Invalid request: ${problem}`);
    if (!(await accounts.setDeliveryPolicies(consoleAccountOf(res.locals), { brand }))) {
      throw new DomainError('FORBIDDEN', 'The account no longer exists');
    }
    res.status(204).end();
  };
}
