import type { Template } from 'liquidjs';
import { SAMPLE_CONTEXT, TEMPLATE_VARIABLES, type TemplateContext } from './template-variables';
import { wordingEngine } from './wording-engine';
import { WORDING_LIMITS } from './wording-limits';

/** What is wrong with a wording, named: refused when saved or previewed, a failed message when sent. */
export class TemplateProblem extends Error {}

const plain = wordingEngine(false);
const html = wordingEngine(true);
const KNOWN = new Set(Object.keys(TEMPLATE_VARIABLES));
const PARSED_KEPT = 1_000;

/** Each engine's parsed templates by source: every message of a moment renders the same few. */
function parser(engine: typeof plain): (source: string) => Template[] {
  const parsed = new Map<string, Template[]>();
  return (source) => {
    let templates = parsed.get(source);
    if (!templates) {
      templates = engine.parse(source);
      if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
      parsed.set(source, templates);
    }
    return templates;
  };
}
const parsePlain = parser(plain);
const parseHtml = parser(html);

const firstLine = (error: unknown) => (error as Error).message.split('\n')[0];

/** Renders within the engine's limits and the rendered length; any fault is a TemplateProblem. */
function rendered(engine: typeof plain, parse: (source: string) => Template[], source: string, context: TemplateContext, most: number) {
  let text: string;
  try {
    text = engine.renderSync(parse(source), context).trim();
  } catch (error) {
    throw new TemplateProblem(`the wording could not be rendered: ${firstLine(error)}`);
  }
  if (text.length > most) throw new TemplateProblem(`the wording renders ${text.length} characters, over the ${most} allowed`);
  return text;
}

/**
 * Checks a wording when it is saved or previewed: its Liquid syntax and tags (WORDING_TAGS
 * only), that it names only the variables of TEMPLATE_VARIABLES, and that it renders within
 * its bounds (WORDING_LIMITS) with every variable as long as a sample's. Throws a
 * TemplateProblem naming the first fault, prefixed with `field`.
 */
export function checkTemplate(source: string, field: string, kind: 'text' | 'subject' = 'text'): void {
  const most = kind === 'text' ? WORDING_LIMITS.sourceChars : WORDING_LIMITS.subjectSourceChars;
  if (source.length > most) throw new TemplateProblem(`${field} is ${source.length} characters, over the ${most} allowed`);
  let templates: Template[];
  try {
    templates = plain.parse(source);
  } catch (error) {
    throw new TemplateProblem(`${field} is not a valid Liquid template: ${firstLine(error)}`);
  }
  const unknown = Object.keys(plain.analyzeSync(templates).globals).filter((name) => !KNOWN.has(name));
  if (unknown.length > 0) {
    throw new TemplateProblem(
      `${field} uses ${unknown.map((name) => `{{ ${name} }}`).join(', ')}, which no message has (known: ${[...KNOWN].join(', ')})`,
    );
  }
  try {
    if (kind === 'text') renderText(source, SAMPLE_CONTEXT);
    else renderSubject(source, SAMPLE_CONTEXT);
  } catch (error) {
    if (error instanceof TemplateProblem) throw new TemplateProblem(`${field}: ${error.message}`);
    throw error;
  }
}

/** Renders as text (an SMS, an e-mail's plain part): values as they are. */
export const renderText = (source: string, context: TemplateContext): string =>
  rendered(plain, parsePlain, source, context, WORDING_LIMITS.renderedChars);

/** Renders an e-mail's subject, on one line. */
export const renderSubject = (source: string, context: TemplateContext): string =>
  rendered(plain, parsePlain, source, context, WORDING_LIMITS.renderedSubjectChars).replace(/\s+/g, ' ');

/** Renders for HTML (an e-mail's HTML part): every value escaped, so it may be longer than the text by the escapes. */
export const renderHtml = (source: string, context: TemplateContext): string =>
  rendered(html, parseHtml, source, context, WORDING_LIMITS.renderedChars * 6);
