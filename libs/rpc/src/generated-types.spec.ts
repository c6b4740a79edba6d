import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/** The committed proto types must be what `npm run protos:generate` makes of the protos today. */
describe('generated proto types', () => {
  it('are up to date with protos/', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'proto-types-')), 'generated');
    execFileSync(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/generate-proto-types.ts', out], { cwd: ROOT });
    const list = (dir: string): string[] => (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).sort();
    const committed = join(ROOT, 'libs/rpc/src/generated');
    expect(list(out)).toEqual(list(committed));
    for (const file of list(out)) expect(readFileSync(join(out, file), 'utf8')).toBe(readFileSync(join(committed, file), 'utf8'));
    rmSync(join(out, '..'), { recursive: true, force: true });
  });
});
