#!/usr/bin/env node
// The shape of lib/ (docs/architecture.md): a module imports its own layer and those below. Prints
// every import (type-only and dynamic `import()` included: a module loaded later still depends on
// the one that loads it) that runs from a lower layer up to a higher one, every import circle, every file in lib/ over 400 lines and every
// cast to Database; exits 1 past the budgets. Run by `npm test` with the lint.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const MAX_UPWARD = 8;
const MAX_LINES = 400;
// Lowest first; the first match wins. A lib/ folder not named here is a domain; the last layer
// lists what the domains declare for the REST API (lib/openapi).
const LAYERS = [
  ['db'],
  ['lib/text', 'lib/system/log.ts', 'lib/system/public-origin.ts', 'lib/version.ts', 'lib/export', 'lib/ai', 'lib/audit/actions.ts', 'lib/audit/context.ts', 'lib/audit/record.ts'],
  ['lib/auth/secret.ts', 'lib/http', 'lib/security', 'lib/tenancy', 'lib/jobs', 'lib/scheduler', 'lib/web'],
  [],
  ['lib/openapi'],
];
const DOMAIN = 3;
const layerOf = (rel) => {
  const i = LAYERS.findIndex((prefixes) => prefixes.some((p) => rel === p || rel.startsWith(`${p}/`)));
  return i >= 0 ? i : rel.startsWith('lib/') ? DOMAIN : null;
};

const files = [];
const walk = (dir) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'migrations') walk(p);
    } else if (/\.(ts|tsx|mts|mjs)$/.test(e.name) && !e.name.endsWith('.d.mts')) files.push(p);
  }
};
walk(path.join(root, 'lib'));
walk(path.join(root, 'db'));

const resolve = (from, spec) => {
  let base;
  if (spec.startsWith('@/')) base = path.join(root, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, path.join(base, 'index.ts')]) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
};

const rel = (p) => path.relative(root, p);
const edges = new Map();
for (const f of files) {
  const src = fs.readFileSync(f, 'utf8');
  const out = new Set();
  const specs = [
    ...[...src.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]),
    ...[...src.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]),
  ];
  for (const spec of specs) {
    const t = resolve(f, spec);
    if (t && files.includes(t)) out.add(t);
  }
  edges.set(f, [...out]);
}

const upward = [];
for (const [f, targets] of edges) for (const t of targets) if (layerOf(rel(t)) > layerOf(rel(f))) upward.push(`${rel(f)} -> ${rel(t)}`);

// Import circles (Tarjan's strongly connected components).
let index = 0;
const stack = [];
const on = new Set();
const idx = new Map();
const low = new Map();
const circles = [];
const visit = (v) => {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  on.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!idx.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const scc = [];
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      scc.push(rel(w));
    } while (w !== v);
    if (scc.length > 1) circles.push(scc.sort());
  }
};
for (const f of files) if (!idx.has(f)) visit(f);

// Files that no longer fit on a screen or two, and casts that hide a transaction's type.
const long = files.filter((f) => rel(f).startsWith('lib/') && fs.readFileSync(f, 'utf8').split('\n').length > MAX_LINES);
const casts = files.filter((f) => /as unknown as Database\b/.test(fs.readFileSync(f, 'utf8')));

for (const u of upward) console.log(`up      ${u}`);
for (const c of circles) console.log(`circle  ${c.join(' -> ')}`);
for (const f of long) console.log(`long    ${rel(f)}`);
for (const f of casts) console.log(`cast    ${rel(f)}`);
console.log(
  `${upward.length} imports up a layer (budget ${MAX_UPWARD}), ${circles.length} import circles (budget 0), ` +
    `${long.length} files in lib/ over ${MAX_LINES} lines (budget 0), ${casts.length} files casting to Database (budget 0)`,
);
if (upward.length > MAX_UPWARD || circles.length > 0 || long.length > 0 || casts.length > 0) process.exit(1);
