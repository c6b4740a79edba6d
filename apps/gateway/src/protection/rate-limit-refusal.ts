/** Whose quota a call counts against. */
export type Scope = 'app' | 'account' | 'user';

/** What a caller over its quota reads. */
export const refusalMessage = (limit: { scope: Scope; quota: number; windowSeconds: number }, waitSeconds: number) =>
  `Too many requests for this ${limit.scope}: ${limit.quota} a ${limit.windowSeconds === 1 ? 'second' : 'minute'}; retry in ${waitSeconds} s`;
