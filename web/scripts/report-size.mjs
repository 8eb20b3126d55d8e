// Prints the gzipped JavaScript and CSS a visitor downloads to render the home page,
// following the Vite manifest from the entry through the home route's lazy chunk.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const homeRoute = 'src/app/routes/home.tsx';

function collect(key, seen) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) collect(next, seen);
}

const chunks = new Set();
collect('index.html', chunks);
collect(homeRoute, chunks);

const files = new Map();
for (const key of chunks) {
  const chunk = manifest[key];
  files.set(chunk.file, 'js');
  for (const css of chunk.css ?? []) files.set(css, 'css');
}

const totals = { js: 0, css: 0 };
const rows = [];
for (const [file, kind] of files) {
  const bytes = readFileSync(join(dist, file));
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  totals[kind] += gzipped;
  rows.push({ file, raw: bytes.length, gzipped });
}

const kb = (value) => `${(value / 1024).toFixed(1)} kB`;
rows.sort((a, b) => b.gzipped - a.gzipped);
for (const row of rows) console.log(`${row.file.padEnd(48)} ${kb(row.raw).padStart(10)} ${kb(row.gzipped).padStart(10)} gzip`);
console.log(`Home page JavaScript (gzip): ${kb(totals.js)}`);
console.log(`Home page CSS (gzip): ${kb(totals.css)}`);
