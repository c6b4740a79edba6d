import type { RequestHandler } from 'express';
import type { AccountReader, AccountSettings } from '@delivery/accounts';
import { consolePutBrandRequestSchema, DomainError, type ConsoleBrand } from '@delivery/contracts';
import { consoleAccountOf } from '../console/console-auth';
import { refusedAsInvalidRequest } from '../http/domain-refusal';
import { validate } from '../http/validate';

type Deps = { accounts: AccountReader; settings: AccountSettings };

/** The account's colour and logo, as the recipient's page and e-mails show them. */
export function getBrandRoute({ accounts }: Deps): RequestHandler {
  return async (_req, res) => {
    const brand = (await accounts.getAccount(consoleAccountOf(res.locals)))?.brand ?? null;
    const answer: ConsoleBrand = { brand: brand && { colour: brand.colour, logo_url: brand.logoUrl } };
    res.json(answer);
  };
}

/** Sets them (admin), or with DELETE goes back to none. */
export function putBrandRoute({ settings }: Deps, remove = false): RequestHandler {
  return async (req, res) => {
    const given = remove ? null : validate(consolePutBrandRequestSchema, req.body);
    const brand = given && { colour: given.colour, logoUrl: given.logo_url ?? null };
    if (!(await refusedAsInvalidRequest(() => settings.setBrand(consoleAccountOf(res.locals), brand)))) {
      throw new DomainError('FORBIDDEN', 'The account no longer exists');
    }
    res.status(204).end();
  };
}
