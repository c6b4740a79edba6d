import { randomBytes } from 'node:crypto';

export const newQuoteId = () => `qte_${randomBytes(12).toString('hex')}`;
