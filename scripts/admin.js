// `npm run admin`: the admin CLI from a bundle of its TypeScript (esbuild), made on first use and
// again whenever a file it was made from has changed, so a command costs Node's start, not a
// compile of every module it reads (tsx's was about 2.5 s of CPU a command on a busy machine).
const { mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const OUT = join(ROOT, 'tmp', 'admin-cli');
const BUNDLE = join(OUT, 'apps', 'admin', 'src', 'main.js');
const INPUTS = join(OUT, 'inputs.json');

/** Whether the bundle is newer than every file it was made from. */
function current() {
  try {
    const built = statSync(BUNDLE).mtimeMs;
    return JSON.parse(readFileSync(INPUTS, 'utf8')).every((input) => statSync(join(ROOT, input)).mtimeMs <= built);
  } catch {
    return false;
  }
}

function build() {
  const result = require('esbuild').buildSync({
    entryPoints: [join(ROOT, 'apps', 'admin', 'src', 'main.ts')],
    bundle: true,
    platform: 'node',
    target: 'node24',
    packages: 'external',
    outbase: ROOT,
    outdir: OUT,
    sourcemap: 'inline',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // Each file whole, by rename: two commands started at once may both build, never half a file.
  const put = (path, contents) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}.${process.pid}`, contents);
    renameSync(`${path}.${process.pid}`, path);
  };
  for (const file of result.outputFiles) put(file.path, file.contents);
  put(INPUTS, JSON.stringify(Object.keys(result.metafile.inputs)));
  // The protos are read beside the bundle, as beside the sources (libs/rpc's PROTO_ROOT).
  rmSync(join(OUT, 'protos'), { force: true });
  symlinkSync(relative(OUT, join(ROOT, 'protos')), join(OUT, 'protos'));
}

if (!current()) build();
require(BUNDLE);
