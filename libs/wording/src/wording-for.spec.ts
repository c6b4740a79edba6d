import { DEFAULT_WORDINGS } from './default-templates';
import { wordingFor } from './wording-for';

describe('the wording of a message', () => {
  const own = { 'delivered.it': { subject: 'Consegnato', text: 'Il tuo ordine {{ retailer }} è stato consegnato.' } };

  it('is the account’s own in the recipient’s language, else the shipped one, else the default language’s, else English', () => {
    expect(wordingFor('delivered', 'it', 'en', own)).toEqual({ wording: own['delivered.it'], language: 'it' });
    expect(wordingFor('delivered', 'fr', 'en', own)).toEqual({ wording: DEFAULT_WORDINGS.fr!.delivered, language: 'fr' });
    expect(wordingFor('on_the_way', 'it', 'de', own)).toEqual({ wording: DEFAULT_WORDINGS.de!.on_the_way, language: 'de' });
    expect(wordingFor('on_the_way', 'pt', 'pt', {})).toEqual({ wording: DEFAULT_WORDINGS.en!.on_the_way, language: 'en' });
  });
});
