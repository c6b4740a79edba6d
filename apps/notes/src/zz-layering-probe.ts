import { newQuoteId } from '../../quote/src/domain/ids';
export const probe = newQuoteId;
