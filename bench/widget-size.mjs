// Budgets of the chat widget's downloads, gzipped at level 9 (docs/widget.md):
//   public/widget.js (the loader every visitor of a school's site fetches) <= 6 KB
//   public/widget/frame.js (the chat, markdown-it included)               <= 66.3 KB (58.3 KB before live chat + 8 KB)
// Usage: node bench/widget-size.mjs            (builds first)
//        node bench/widget-size.mjs --no-build (measures the files already in public/)
// Exits non-zero when a file is missing or over its budget.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWidget, gzipSize, kb, WIDGET_OUTPUTS } from '../scripts/build-widget.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!process.argv.includes('--no-build')) await buildWidget();

let over = false;
for (const output of WIDGET_OUTPUTS) {
  let bytes;
  try {
    bytes = fs.readFileSync(path.join(root, output.out));
  } catch {
    console.log(`FAIL ${output.out}: missing (run node scripts/build-widget.mjs)`);
    over = true;
    continue;
  }
  const gzip = gzipSize(bytes);
  const ok = gzip <= output.budget;
  if (!ok) over = true;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${output.out}: ${kb(gzip)} gzipped (budget ${kb(output.budget)}), ${kb(bytes.length)} raw`);
}
process.exit(over ? 1 : 0);
