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

describe('a wording’s bounds', () => {
  it.each([
    [
      'a loop, nested (91 characters froze the loop for seconds)',
      '{% for a in (1..100000) %}{% for b in (1..100000) %}{{ tracking_link }}{% endfor %}{% endfor %}',
      'for',
    ],
    ['a huge range', '{% for i in (1..400000000) %}x{% endfor %}', 'for'],
    ['a table row', '{% tablerow i in (1..1000) %}{{ i }}{% endtablerow %}', 'tablerow'],
    ['a capture doubling its text', '{% capture a %}{{ tracking_link }}{{ tracking_link }}{% endcapture %}{{ a }}', 'capture'],
    ['an assignment', '{% assign a = tracking_link | append: tracking_link %}{{ a }}', 'assign'],
    ['a cycle', '{% cycle "a", "b" %}', 'cycle'],
    ['an increment', '{% increment n %}', 'increment'],
  ])('refuses %s, naming the tag', (_name, source, tag) => {
    expect(() => checkTemplate(source, 'the text')).toThrow(
      `the text is not a valid Liquid template: {% ${tag} %} is not allowed in a wording`,
    );
  });

  it('keeps the tags a wording needs', () => {
    expect(() =>
      checkTemplate(
        '{% if driver != "" %}{{ driver }}{% elsif eta %}{{ eta }}{% else %}x{% endif %}{% unless eta %}y{% endunless %}{% case next_step %}{% when "return" %}z{% endcase %}{% comment %}c{% endcomment %}{% raw %}{{ }}{% endraw %}',
        'the text',
      ),
    ).not.toThrow();
  });

  it('refuses a wording whose filters allocate past the memory limit, or that renders past the length of an SMS', () => {
    const squared = "{{ tracking_link | split: '' | join: tracking_link | split: '' | join: tracking_link }}";
    expect(() => checkTemplate(squared, 'the text')).toThrow('the text: the wording could not be rendered: memory alloc limit exceeded');
    expect(() => checkTemplate("{{ 'now' | date: '%100000000d' }}", 'the text')).toThrow(/memory alloc limit exceeded/);
    const long = `{{ tracking_link | split: '' | join: '${'x'.repeat(30)}' }}`;
    expect(() => checkTemplate(long, 'the text')).toThrow(/the text: the wording renders \d+ characters, over the 1600 allowed/);
    expect(() => checkTemplate('{{ unsubscribe_link }}{{ unsubscribe_link }}{{ unsubscribe_link }}', 'the subject', 'subject')).toThrow(
      /the subject: the wording renders \d+ characters, over the 300 allowed/,
    );
    expect(() => checkTemplate('x'.repeat(1_601), 'the text')).toThrow('the text is 1601 characters, over the 1600 allowed');
  });

  it('fails a render past its bounds with a TemplateProblem, whatever the values', () => {
    expect(() => renderText('{{ first_name }}{{ first_name }}', context({ first_name: 'x'.repeat(900) }))).toThrow(TemplateProblem);
    expect(() => renderText('{{ nobody }}', context())).toThrow(/the wording could not be rendered: undefined variable: nobody/);
  });
});
