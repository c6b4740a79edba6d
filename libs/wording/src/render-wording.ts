import { Liquid, type Template } from 'liquidjs';
import { TEMPLATE_VARIABLES, type TemplateContext } from './template-variables';

/** Refused when a template is saved: naming what is wrong with it. */
export class TemplateProblem extends Error {}

// Unknown variables fail at render too, so a template that slipped past the check never sends a gap.
const plain = new Liquid({ strictVariables: true, strictFilters: true, cache: 200 });
const html = new Liquid({ strictVariables: true, strictFilters: true, cache: 200, outputEscape: 'escape' });
const KNOWN = new Set(Object.keys(TEMPLATE_VARIABLES));
const PARSED_KEPT = 1_000;

/** Each engine's parsed templates by source: every message of a moment renders the same few. */
function parser(engine: Liquid): (source: string) => Template[] {
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

/**
 * Checks a template when it is saved: its Liquid syntax, and that it names only the
 * variables of TEMPLATE_VARIABLES. Throws a TemplateProblem naming the first fault.
 */
export function checkTemplate(source: string, field: string): void {
  let templates: Template[];
  try {
    templates = plain.parse(source);
  } catch (error) {
    throw new TemplateProblem(`${field} is not a valid Liquid template: ${(error as Error).message.split('\n')[0]}`);
  }
  const unknown = Object.keys(plain.analyzeSync(templates).globals).filter((name) => !KNOWN.has(name));
  if (unknown.length > 0) {
    throw new TemplateProblem(
      `${field} uses ${unknown.map((name) => `{{ ${name} }}`).join(', ')}, which no message has (known: ${[...KNOWN].join(', ')})`,
    );
  }
}

/** Renders as text (an SMS, an e-mail's plain part): values as they are. */
export const renderText = (source: string, context: TemplateContext): string => plain.renderSync(parsePlain(source), context).trim();

/** Renders for HTML (an e-mail's HTML part): every value escaped. */
export const renderHtml = (source: string, context: TemplateContext): string => html.renderSync(parseHtml(source), context).trim();
