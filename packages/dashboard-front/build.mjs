// Bundles the dashboard's browser app (React, Apache ECharts, @cubejs-client/core) into dist/public with
// content-hashed names, and writes index.html naming them. Paths are relative: the page is served at
// /dashboard/front/ (nginx, npm start) and at / (port 4200), and finds the API at ../api/v1 from either.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { build } from 'esbuild';

const out = 'dist/public';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await build({
  entryPoints: { app: 'src/app/main.tsx' },
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  outdir: out,
  entryNames: '[name]-[hash]',
  metafile: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  jsx: 'automatic',
  loader: { '.css': 'css' },
  logLevel: 'warning',
});
const outputs = Object.keys(result.metafile.outputs).map((file) => basename(file));
const script = outputs.find((file) => file.endsWith('.js'));
const style = outputs.find((file) => file.endsWith('.css'));
const html = readFileSync('src/app/index.html', 'utf8')
  .replace('<!--style-->', style ? `<link rel="stylesheet" href="./${style}">` : '')
  .replace('<!--script-->', `<script type="module" src="./${script}"></script>`);
writeFileSync(`${out}/index.html`, html);
console.log(`dashboard-front: ${outputs.join(', ')}`);
