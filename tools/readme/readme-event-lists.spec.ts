import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVENT_CATALOG, WEBHOOK_EVENT_TYPES } from '@delivery/contracts';

const read = (doc: string) => readFileSync(join(__dirname, '..', '..', doc), 'utf8');

/** The text of a guide's section, from its heading to the next heading of the same level or above. */
function section(doc: string, heading: string): string {
  const readme = read(doc);
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${doc} has no section ${heading}`);
  const level = heading.split(' ')[0]!;
  const next = readme.slice(start + heading.length + 2).search(new RegExp(`\\n#{1,${level.length}} `));
  return readme.slice(start, next < 0 ? undefined : start + heading.length + 2 + next);
}

const codeSpans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

describe("the guides' event lists", () => {
  it('name every event of the catalogue, and nothing else, under Events', () => {
    const catalogued = EVENT_CATALOG.flatMap((topic) => topic.events.map(({ schema }) => (schema as any).shape.type.value as string));
    const named = codeSpans(section('docs/event-stream.md', '## Events')).filter((span) => /^[A-Z][A-Za-z]+$/.test(span));
    expect([...new Set(named)].sort()).toEqual([...catalogued].sort());
  });

  it('name every webhook event type, and nothing else, under Webhooks', () => {
    // The list runs from "Event names" to the sentence after it.
    const paragraph = section('docs/integrators.md', '## Webhooks')
      .split('\n\n')
      .find((text) => text.startsWith('Event names'))!
      .split('2xx is success')[0]!;
    const named = codeSpans(paragraph).filter((span) => /^[a-z_]+\.[a-z_]+$/.test(span));
    expect(named.sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });
});
