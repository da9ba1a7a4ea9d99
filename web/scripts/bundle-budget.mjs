// The first page's JavaScript budget (issue 35): what a browser fetches before the app can
// start, i.e. index.html's entry chunk and every chunk it imports statically (Vite
// modulepreloads them all). Chunks loaded with import() (the routes' pages, the composer, the
// blog viewer's content) are left out: they come when first used. Reads the Vite manifest of a
// build, so run it after one:
//
//   npm run build && npm run size
//
// Sizes are gzip at level 9 (Node's zlib), per file, as a server that compresses would send
// them. Only JavaScript counts against the budget; the first page's CSS is printed beside it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Issue 35's 150 KB gzipped, counted as 150 × 1024 bytes. */
const BUDGET_BYTES = 150 * 1024;

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');

let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
} catch (err) {
  console.error(`cannot read ${manifestPath} (${err.message}): run \`npm run build\` first`);
  process.exit(2);
}

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entries.length === 0) {
  console.error(`${manifestPath} names no entry chunk`);
  process.exit(2);
}

// The static import closure: a chunk's `imports` are fetched before it runs; its
// `dynamicImports` are not.
const firstPage = new Set();
const pending = [...entries];
while (pending.length > 0) {
  const key = pending.pop();
  if (firstPage.has(key)) continue;
  firstPage.add(key);
  pending.push(...(manifest[key].imports ?? []));
}

function sizes(file) {
  const bytes = readFileSync(path.join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const js = [...firstPage].map((key) => sizes(manifest[key].file));
const css = [...new Set([...firstPage].flatMap((key) => manifest[key].css ?? []))].map(sizes);

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const exact = (bytes) => `${kib(bytes)} (${bytes} bytes)`;
const total = (list, field) => list.reduce((sum, entry) => sum + entry[field], 0);
for (const entry of [...js, ...css]) {
  console.log(`  ${entry.file.padEnd(44)} ${kib(entry.raw).padStart(11)}  gzip ${kib(entry.gzip).padStart(10)}`);
}
const jsGzip = total(js, 'gzip');
console.log(
  `first page JavaScript (files: ${js.length}): ${exact(total(js, 'raw'))}, gzip ${exact(jsGzip)} of a ${exact(BUDGET_BYTES)} budget`,
);
console.log(`first page CSS (not counted): ${exact(total(css, 'raw'))}, gzip ${exact(total(css, 'gzip'))}`);
if (jsGzip > BUDGET_BYTES) {
  console.error(
    `over budget by ${kib(jsGzip - BUDGET_BYTES)}: load the new code when first used (React.lazy, import()) or make it smaller`,
  );
  process.exit(1);
}
