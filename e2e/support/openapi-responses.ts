import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { openApiDocument } from '../../apps/gateway/src';

const document = openApiDocument();
const components = document.components as unknown as { responses: Record<string, any>; schemas: Record<string, unknown> };
const ajv = new Ajv2020({ strict: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();

/** The path templates of the document as patterns, most specific (fewest parameters) first. */
const templates = Object.keys(document.paths)
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
    parameters: (template.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.parameters - b.parameters);

/**
 * Checks a real answer of the gateway against the OpenAPI document: an e2e call whose
 * answer the document does not describe fails its test, so the document cannot drift
 * from what the service does.
 */
export function checkAgainstOpenApi(method: string, path: string, status: number, contentType: string | null, body: unknown): void {
  const pathname = path.split('?')[0]!;
  const match = templates.find((t) => t.pattern.test(pathname));
  if (!match) return; // Paths no endpoint serves answer 404 in the envelope, checked by their own tests.
  const operation = (document.paths as Record<string, Record<string, any>>)[match.template]![method.toLowerCase()];
  if (!operation) return;
  const documented = operation.responses[String(status)];
  if (!documented) throw new Error(`OpenAPI: ${method} ${match.template} does not document status ${status}`);
  const response = documented.$ref ? components.responses[String(documented.$ref).split('/').pop()!] : documented;
  const schema = response.content?.['application/json']?.schema;
  if (!schema || !contentType?.includes('application/json')) return;
  const key = `${method} ${match.template} ${status}`;
  let validate = compiled.get(key);
  // The shared schemas ride with each one, so its `#/components/schemas/…` references resolve.
  if (!validate) compiled.set(key, (validate = ajv.compile({ ...schema, components: { schemas: components.schemas } })));
  if (!validate(body)) {
    throw new Error(
      `OpenAPI: ${key} answer does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
    );
  }
}
