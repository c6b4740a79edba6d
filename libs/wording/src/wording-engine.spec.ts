import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { checkTemplate, renderHtml, renderText, TemplateProblem } from './render-wording';
import { SAMPLE_CONTEXT } from './template-variables';

/** A file holding a secret, where a wording reading files relative to the working directory would find it. */
const secret = `SECRET-${process.pid}-${Date.now()}`;
const folder = mkdtempSync(join(tmpdir(), 'wording-'));
writeFileSync(join(folder, 'secrets.key'), secret);
writeFileSync(join(folder, 'secrets.key.liquid'), secret);

const SPELLINGS = [
  'secrets.key',
  `${folder}/secrets.key`,
  `./${folder.slice(1)}/secrets.key`,
  `${'./'.repeat(5)}secrets.key`,
  `${'../'.repeat(12)}${folder.slice(1)}/secrets.key`,
  encodeURIComponent(`${folder}/secrets.key`),
  `file://${folder}/secrets.key`,
  'package.json',
  'data/secrets.key',
];

describe('the wording engine reads no file', () => {
  const cwd = process.cwd();
  beforeAll(() => process.chdir(folder));
  afterAll(() => process.chdir(cwd));

  it.each(['include', 'render', 'layout'])('refuses {%% %s %%} whatever the spelling, naming the tag, and never renders it', (tag) => {
    for (const path of SPELLINGS) {
      for (const source of [
        `{% ${tag} '${path}' %}`,
        `{% ${tag} "${path}" %}`,
        `{%- ${tag} ${path} -%}`,
        `Hi {% ${tag} '${path}' %} there`,
      ]) {
        expect(() => checkTemplate(source, 'the text')).toThrow(
          new RegExp(`the text is not a valid Liquid template: \\{% ${tag} %\\} is not allowed`),
        );
        for (const render of [renderText, renderHtml]) {
          expect(() => render(source, SAMPLE_CONTEXT)).toThrow(TemplateProblem);
        }
      }
    }
  });

  it('refuses every file tag in any template shape, and no output ever holds the file', () => {
    const tag = fc.constantFrom('include', 'render', 'layout', 'block', 'liquid', 'echo');
    const path = fc.oneof(fc.constantFrom(...SPELLINGS), fc.string());
    const quote = fc.constantFrom("'", '"', '');
    fc.assert(
      fc.property(tag, path, quote, fc.string(), (name, file, q, around) => {
        const source = `${around}{% ${name} ${q}${file}${q} %}${around}`;
        let output = '';
        try {
          output = renderText(source, SAMPLE_CONTEXT);
        } catch (error) {
          expect(error).toBeInstanceOf(TemplateProblem);
        }
        expect(output).not.toContain(secret);
      }),
    );
  });
});
