import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

/**
 * Builds the driver app (apps/driver-app) into dist/driver-app (or the folder given:
 * `-- --out DIR`), where the gateway serves it under /driver: the page, its script (ZXing split
 * into a chunk of its own, loaded only when the browser has no BarcodeDetector), styles,
 * manifest and icon, and the service worker, told every file of the shell and a version made
 * of their contents. Built beside the folder and moved into place whole, so a gateway serving
 * it, or another build at the same moment (`npm start` beside a test), never finds half of one.
 */
const ROOT = join(__dirname, '..', '..');
const SOURCE = join(ROOT, 'apps', 'driver-app', 'src');
const given = process.argv.indexOf('--out');
const TARGET = given > 0 ? resolve(process.argv[given + 1]!) : join(ROOT, 'dist', 'driver-app');
const OUT = `${TARGET}.${process.pid}.partial`;

async function main() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(join(OUT, 'assets'), { recursive: true });
  const app = await build({
    entryPoints: { app: join(SOURCE, 'main.tsx') },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: ['es2022', 'chrome100', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir: join(OUT, 'assets'),
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  copyFileSync(join(SOURCE, 'index.html'), join(OUT, 'index.html'));
  copyFileSync(join(SOURCE, 'manifest.webmanifest'), join(OUT, 'manifest.webmanifest'));
  for (const file of ['styles.css', 'icon.svg']) copyFileSync(join(SOURCE, file), join(OUT, 'assets', file));
  const files = [
    ...Object.keys(app.metafile.outputs).map((path) => relative(OUT, join(ROOT, path))),
    'assets/styles.css',
    'assets/icon.svg',
    'manifest.webmanifest',
    'index.html',
  ].sort();
  const version = createHash('sha256');
  for (const file of files) version.update(file).update(readFileSync(join(OUT, file)));
  const shell = files.map((file) => (file === 'index.html' ? '/driver/' : `/driver/${file}`));
  await build({
    entryPoints: [join(SOURCE, 'sw.ts')],
    bundle: true,
    minify: true,
    target: 'es2022',
    define: { SHELL: JSON.stringify(shell), VERSION: JSON.stringify(version.digest('hex').slice(0, 16)) },
    outfile: join(OUT, 'sw.js'),
    logLevel: 'warning',
  });
  rmSync(TARGET, { recursive: true, force: true });
  try {
    renameSync(OUT, TARGET);
  } catch (error) {
    // Another build moved its own, from the same sources, into place first: that one stands.
    if (!['ENOTEMPTY', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    rmSync(OUT, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
