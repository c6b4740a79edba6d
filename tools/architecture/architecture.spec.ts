import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The layering rules, enforced by dependency-cruiser (.dependency-cruiser.cjs) on every
 * import of every folder of code (apps, libs, tools, bench, scripts), .ts and .tsx,
 * reachability included: a domain file that loads a driver through a barrel breaks the rule
 * as surely as one importing it; and no import cycle anywhere.
 */
const ROOT = join(__dirname, '..', '..');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

function violations(): Violation[] {
  const run = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      'apps',
      'libs',
      'tools',
      'bench',
      'scripts',
      'e2e',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (!run.stdout) throw new Error(`dependency-cruiser did not run: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const named = (found: Violation[]) => found.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);

describe('architecture', () => {
  it('every project carries exactly one type tag', () => {
    for (const dir of ['apps', 'libs']) {
      for (const name of readdirSync(join(ROOT, dir))) {
        const { tags } = JSON.parse(readFileSync(join(ROOT, dir, name, 'project.json'), 'utf8')) as { tags: string[] };
        expect(tags.filter((t) => t.startsWith('type:'))).toHaveLength(1);
      }
    }
  });

  it('breaks no layering rule', () => {
    expect(named(violations())).toEqual([]);
  });

  it('names the rule a change breaks: an adapter or a driver reached from domain code, another app, server code in the console, a cycle, a span in domain code', () => {
    // Files that break the rules, written into the tree for the tool to find, and removed whatever happens.
    const probes = {
      'apps/quote/src/domain/zz-layering-probe.ts':
        "import { MongoAccountRepository } from '@delivery/accounts/mongo';\nexport const probe = MongoAccountRepository;\n",
      'apps/notes/src/zz-layering-probe.ts': "import { newQuoteId } from '../../quote/src/domain/ids';\nexport const probe = newQuoteId;\n",
      'apps/console/src/zz-layering-probe.tsx':
        "import { capabilitiesOf } from '@delivery/accounts';\nexport const probe = capabilitiesOf;\n",
      'e2e/zz-layering-probe.ts': "import { startQuoteService } from '../apps/quote/src/start';\nexport const probe = startQuoteService;\n",
      'apps/gateway/src/routes/zz-layering-probe.ts':
        "import type { AccountRepository } from '@delivery/accounts/store';\nexport type Probe = AccountRepository;\n",
      'apps/notes/src/domain/zz-layering-probe.ts':
        "import { inTrace } from '@delivery/observability/tracing';\nexport const probe = inTrace;\n",
      // Two modules of any folder that import each other.
      'tools/architecture/zz-layering-probe-a.ts': "import { b } from './zz-layering-probe-b';\nexport const a = () => b;\n",
      'tools/architecture/zz-layering-probe-b.ts': "import { a } from './zz-layering-probe-a';\nexport const b = () => a;\n",
    };
    try {
      for (const [path, text] of Object.entries(probes)) writeFileSync(join(ROOT, path), text);
      const found = named(violations()).filter((line) => line.includes('zz-layering-probe'));
      expect(found).toEqual(
        expect.arrayContaining([
          'domain-imports-no-adapter: apps/quote/src/domain/zz-layering-probe.ts -> libs/accounts/src/mongo.ts',
          'domain-reaches-no-driver: apps/quote/src/domain/zz-layering-probe.ts -> node_modules/mongoose/index.js',
          'no-app-imports-another-app: apps/notes/src/zz-layering-probe.ts -> apps/quote/src/domain/ids.ts',
          'console-imports-only-api-types: apps/console/src/zz-layering-probe.tsx -> libs/accounts/src/index.ts',
          'no-circular: tools/architecture/zz-layering-probe-a.ts -> tools/architecture/zz-layering-probe-b.ts',
          'domain-folders-import-no-tracing-or-transport: apps/notes/src/domain/zz-layering-probe.ts -> libs/observability/src/tracing.ts',
          'settings-change-through-use-cases: apps/gateway/src/routes/zz-layering-probe.ts -> libs/accounts/src/store.ts',
          'system-tests-through-entry-points: e2e/zz-layering-probe.ts -> apps/quote/src/start.ts',
        ]),
      );
    } finally {
      for (const path of Object.keys(probes)) rmSync(join(ROOT, path), { force: true });
    }
  });
});
