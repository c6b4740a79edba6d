import fc from 'fast-check';
import { recipientLanguageOf } from './recipient-language';

describe('the recipient’s language from the platform’s fields', () => {
  const withField = (key: string, value: unknown) => ({
    referenceFields: [
      { key: 'storeId', value: '12' },
      { key, value },
    ],
  });

  it('reads a language or locale reference field, as a tag or a POSIX locale', () => {
    expect(recipientLanguageOf(withField('language', 'fr'))).toBe('fr');
    expect(recipientLanguageOf(withField('Locale', 'de_DE.UTF-8'))).toBe('de');
    expect(recipientLanguageOf(withField('preferred_language', 'es-MX'))).toBe('es');
    expect(recipientLanguageOf(withField('LANG', 'EN'))).toBe('en');
  });

  it('is null without one, or when it is no language tag', () => {
    expect(recipientLanguageOf(null)).toBeNull();
    expect(recipientLanguageOf({ referenceFields: 'fr' })).toBeNull();
    expect(recipientLanguageOf(withField('language', 'French, please'))).toBeNull();
    expect(recipientLanguageOf(withField('language', { code: 'fr' }))).toBeNull();
    expect(recipientLanguageOf(withField('storeLanguage', 'fr'))).toBeNull();
  });

  it('never throws on whatever the platform sends, and answers a short lower-case tag or null', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (fields) => {
        const language = recipientLanguageOf({ referenceFields: fields });
        if (language !== null) expect(language).toMatch(/^[a-z]{2,3}$/);
      }),
    );
  });
});
