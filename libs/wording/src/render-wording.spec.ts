import fc from 'fast-check';
import { NOTIFICATION_MOMENTS, SHIPPED_LANGUAGES } from '@delivery/contracts';
import { DEFAULT_WORDINGS } from './default-templates';
import { checkTemplate, renderHtml, renderText, TemplateProblem } from './render-wording';
import { TEMPLATE_VARIABLES, type TemplateContext } from './template-variables';

const context = (overrides: Partial<TemplateContext> = {}): TemplateContext => ({
  retailer: 'Acme',
  first_name: 'Ada',
  tracking_link: 'https://track.example/t/abc',
  eta: '14:20',
  eta_in_words: 'in 10 minutes',
  window: 'Fri 27 Nov, 14:00 – 16:00',
  driver: 'Sam',
  photo_link: '',
  next_step: 'none',
  unsubscribe_link: 'https://track.example/unsubscribe/x',
  ...overrides,
});

describe('wording', () => {
  it('ships every moment in English, French, Spanish and German, each a valid template of known variables', () => {
    for (const language of SHIPPED_LANGUAGES) {
      for (const moment of NOTIFICATION_MOMENTS) {
        const wording = DEFAULT_WORDINGS[language]![moment];
        expect(() => checkTemplate(wording.text, `${language} ${moment}`)).not.toThrow();
        expect(() => checkTemplate(wording.subject, `${language} ${moment} subject`)).not.toThrow();
        expect(renderText(wording.text, context())).not.toMatch(/\{\{|\{%/);
      }
    }
  });

  it('refuses a template naming an unknown variable, or with a syntax error, naming it', () => {
    expect(() => checkTemplate('Hi {{ recipient_phone }}', 'the SMS of delivered')).toThrow(TemplateProblem);
    expect(() => checkTemplate('Hi {{ recipient_phone }}', 'the SMS of delivered')).toThrow(
      /the SMS of delivered uses \{\{ recipient_phone \}\}/,
    );
    expect(() => checkTemplate('Hi {{ first_name }', 'the subject')).toThrow(/the subject is not a valid Liquid template/);
    expect(() => checkTemplate('{% if eta %}x', 'the text')).toThrow(/the text is not a valid Liquid template/);
  });

  it('renders as the recipient reads it, and leaves out what is unknown', () => {
    expect(renderText(DEFAULT_WORDINGS.fr!.on_the_way.text, context())).toBe(
      'Sam est en route avec votre commande Acme, arrivée prévue à 14:20. https://track.example/t/abc',
    );
    expect(renderText(DEFAULT_WORDINGS.en!.on_the_way.text, context({ driver: '', eta: '' }))).toBe(
      'Your driver is on the way with your Acme order. https://track.example/t/abc',
    );
    expect(renderText(DEFAULT_WORDINGS.de!.failed_attempt.text, context({ next_step: 'reattempt' }))).toContain(
      'Neuer Versuch: Fri 27 Nov',
    );
  });

  it('escapes every value in HTML, whatever it holds, and keeps text as given', () => {
    const variables = Object.keys(TEMPLATE_VARIABLES) as (keyof TemplateContext)[];
    fc.assert(
      fc.property(fc.constantFrom(...variables), fc.string(), (name, value) => {
        const template = `<p>{{ ${name} }}</p>`;
        const html = renderHtml(template, context({ [name]: value }));
        expect(html.slice(3, -4)).not.toMatch(/[<>"]/);
        expect(renderText(`{{ ${name} }}`, context({ [name]: value }))).toBe(value.trim());
      }),
    );
  });
});
