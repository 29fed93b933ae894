// Build the service worker after `vite build`: bundle src/sw.js into dist/sw.js, then
// inject the precache manifest — every file of dist/ (the app shell), of pyodide/dist/
// (served at /pyodide/: runtime, stdlib, lock file, wheels) and of web/engine/ (served at
// /engine/) — each with the sha256 of its bytes as its revision, so a new release
// replaces exactly the files that changed.
import { build } from 'vite';
import { injectManifest } from 'workbox-build';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const WEB = resolve(HERE, '..');
const DIST = join(WEB, 'dist');
const EXTRA = [
  { dir: resolve(WEB, '..', 'pyodide', 'dist'), prefix: '/pyodide/', required: true },
  { dir: join(WEB, 'engine'), prefix: '/engine/', required: false },
];

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path).map((f) => `${name}/${f}`);
    // .gz: a file's gzip the server sends in its place (pyodide/build.py), not a file of its own
    return name.endsWith('.tmp') || name.endsWith('.map') || name.endsWith('.gz') ? [] : [name];
  });
}

const revision = (path) => createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);

await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    outDir: DIST,
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    rollupOptions: {
      input: join(WEB, 'src', 'sw.js'),
      output: { format: 'iife', entryFileNames: 'sw.js' },
    },
  },
});

const additional = [];
for (const { dir, prefix, required } of EXTRA) {
  if (!existsSync(dir)) {
    if (required) throw new Error(`${dir} is missing: build the browser bundle first (make bundle)`);
    console.warn(`[sw] ${dir} is missing: ${prefix} will not be precached`);
    continue;
  }
  for (const f of files(dir)) additional.push({ url: `${prefix}${f}`, revision: revision(join(dir, f)) });
}

const { count, size, warnings } = await injectManifest({
  swSrc: join(DIST, 'sw.js'),
  swDest: join(DIST, 'sw.js'),
  globDirectory: DIST,
  globPatterns: ['**/*.{html,js,css,svg,png,webmanifest,json,ico}'],
  globIgnores: ['sw.js', '**/*.map'],
  additionalManifestEntries: additional,
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
});
for (const w of warnings) console.warn('[sw]', w);
const version = createHash('sha256').update(readFileSync(join(DIST, 'sw.js'))).digest('hex').slice(0, 12);
writeFileSync(join(DIST, 'build.json'), JSON.stringify({ version, precached: count + additional.length }, null, 1));
console.log(`[sw] dist/sw.js: ${count - additional.length} app files + ${additional.length} engine files precached (app shell ${(size / 1e6).toFixed(1)} MB), build ${version}`);
