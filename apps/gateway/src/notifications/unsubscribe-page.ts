import { PAGE_HEADERS } from '../tracking/tracking-page';

/** The tracking page's headers, but the page's own form may post back to it. */
export const UNSUBSCRIBE_PAGE_HEADERS = {
  ...PAGE_HEADERS,
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
};

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}button{font:inherit;padding:.6rem 1.2rem}</style>
</head><body>${body}</body></html>`;

/**
 * What the link in an e-mail opens: a button, since mail scanners open links on their own
 * and must not unsubscribe anyone; the mail client's one-click (RFC 8058) posts directly.
 */
export const unsubscribeAskPage = () =>
  page(
    'Unsubscribe',
    '<h1>Stop these e-mails?</h1><p>You will no longer get e-mails about your deliveries from this sender.</p><form method="post"><button type="submit" name="List-Unsubscribe" value="One-Click">Unsubscribe</button></form>',
  );

export const unsubscribedPage = () => page('Unsubscribed', '<h1>You are unsubscribed</h1><p>You will get no more of these e-mails.</p>');

export const unsubscribeNotFoundPage = () =>
  page('Link not valid', '<h1>This link is not valid</h1><p>Use the link in the e-mail you received.</p>');

export const unsubscribeUnavailablePage = () =>
  page('Try again', '<h1>We could not do this right now</h1><p>Please try again in a minute.</p>');
