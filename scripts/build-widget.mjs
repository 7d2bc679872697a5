// Builds the chat widget (docs/widget.md): the loader schools embed (public/widget.js) and the chat
// frame's script (public/widget/frame.js). Run before `next build` / `next dev`; the outputs are
// generated, so they are git-ignored. A file is rewritten only when its bytes change, which keeps
// the build stamp (scripts/build-stamp.mjs covers public/) from going stale for nothing.
// Usage: node scripts/build-widget.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each bundle with its gzipped budget (bench/widget-size.mjs holds the build to these). */
export const WIDGET_OUTPUTS = [
  { name: 'loader', entry: 'widget/loader.ts', out: 'public/widget.js', budget: 6 * 1024 },
  // The frame: 58.3 KB before live chat (59,749 bytes), which may add at most 8 KB (docs/performance.md).
  { name: 'frame', entry: 'widget/frame.ts', out: 'public/widget/frame.js', budget: 59_749 + 8 * 1024 },
];

export const gzipSize = (bytes) => zlib.gzipSync(bytes, { level: 9 }).length;

/** Bundles both outputs; returns their paths and raw and gzipped sizes. */
export async function buildWidget() {
  const results = [];
  for (const output of WIDGET_OUTPUTS) {
    const built = await esbuild.build({
      entryPoints: [path.join(root, output.entry)],
      bundle: true,
      minify: true,
      target: 'es2019',
      format: 'iife',
      platform: 'browser',
      charset: 'ascii',
      legalComments: 'none',
      tsconfig: path.join(root, 'tsconfig.json'),
      define: { 'process.env.NODE_ENV': '"production"' },
      write: false,
      logLevel: 'warning',
    });
    const bytes = Buffer.from(built.outputFiles[0].contents);
    const file = path.join(root, output.out);
    let current = null;
    try {
      current = fs.readFileSync(file);
    } catch {
      // first build
    }
    if (!current || !current.equals(bytes)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, bytes);
    }
    results.push({ ...output, raw: bytes.length, gzip: gzipSize(bytes) });
  }
  return results;
}

export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    for (const r of await buildWidget()) console.log(`[widget] ${r.out}: ${kb(r.raw)} raw, ${kb(r.gzip)} gzipped`);
  } catch (err) {
    // esbuild has already printed the errors
    if (!err?.errors) console.error(err);
    process.exit(1);
  }
}
