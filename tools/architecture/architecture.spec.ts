import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * The layering rules of DEVELOPERS.md and the Nx tags, checked on every import:
 * domain code knows ports, never a driver; libraries never reach into apps; contracts
 * depend on nothing but zod; production code never imports the testing library.
 */
const ROOT = join(__dirname, '..', '..');
const DRIVERS = /^(kafkajs|mongoose|ioredis|lmdb|express|multer|@grpc\/.*)$/;

interface Project {
  root: string;
  tags: string[];
}

const projects: Project[] = ['apps', 'libs'].flatMap((dir) =>
  readdirSync(join(ROOT, dir)).map((name) => ({
    root: `${dir}/${name}`,
    tags: JSON.parse(readFileSync(join(ROOT, dir, name, 'project.json'), 'utf8')).tags as string[],
  })),
);

function sourceFiles(root: string): string[] {
  return (readdirSync(join(ROOT, root), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.includes('generated'))
    .map((file) => `${root}/${file}`);
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)].map((m) => m[1]!);
}

const isTestFile = (file: string) => /\.(spec|int-spec|e2e-spec|contract|fixture)\.ts$/.test(file) || /\/(e2e|testing)\//.test(file);

describe('architecture', () => {
  it('every project carries exactly one type tag', () => {
    for (const project of projects) expect(project.tags.filter((t) => t.startsWith('type:'))).toHaveLength(1);
  });

  it('domain code imports no driver and no transport', () => {
    const offenders = projects
      .flatMap((p) => sourceFiles(p.root))
      .filter((file) => file.includes('/domain/'))
      .flatMap((file) =>
        importsOf(file)
          .filter((spec) => DRIVERS.test(spec))
          .map((spec) => `${file} -> ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it('libraries never import from apps', () => {
    const offenders = projects
      .filter((p) => !p.tags.includes('type:app'))
      .flatMap((p) => sourceFiles(p.root))
      .flatMap((file) =>
        importsOf(file)
          .filter((spec) => spec.includes('apps/'))
          .map((spec) => `${file} -> ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it("no app's production code imports another app: the standalone is the one composition root", () => {
    const offenders = projects
      .filter((p) => p.tags.includes('type:app') && p.root !== 'apps/standalone')
      .flatMap((p) =>
        sourceFiles(p.root)
          .filter((file) => !isTestFile(file))
          .flatMap((file) =>
            importsOf(file)
              .filter((spec) => spec.startsWith('.'))
              .map((spec) => join(dirname(file), spec))
              .filter((target) => target.startsWith('apps/') && !target.startsWith(`${p.root}/`))
              .map((target) => `${file} -> ${target}`),
          ),
      );
    expect(offenders).toEqual([]);
  });

  it('contracts depend on nothing but zod and themselves', () => {
    const contracts = projects.find((p) => p.tags.includes('type:contracts'))!;
    const offenders = sourceFiles(contracts.root)
      .filter((file) => !isTestFile(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((spec) => !spec.startsWith('.') && spec !== 'zod' && !spec.startsWith('node:'))
          .map((s) => `${file} -> ${s}`),
      );
    expect(offenders).toEqual([]);
  });

  it('production code never imports the testing library', () => {
    const offenders = projects
      .filter((p) => !p.tags.includes('type:testing'))
      .flatMap((p) => sourceFiles(p.root))
      .filter((file) => !isTestFile(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((spec) => spec === '@delivery/testing')
          .map(() => relative(ROOT, join(ROOT, file))),
      );
    expect(offenders).toEqual([]);
  });
});
