// Decides whether the production build in .next matches the sources, so `npm start` builds only when needed.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// widget/ and its build script: the widget bundles in public/ are built from them (scripts/build-widget.mjs).
// db/ whole (the server's database code, its fault rules and pool gate) and patches/ (applied to node_modules at install).
const INPUTS = ['app', 'components', 'lib', 'db', 'patches', 'inngest', 'public', 'widget', 'scripts/build-widget.mjs',
  'scripts/serve.mjs', 'scripts/client-address.mjs', 'scripts/standalone-server.mjs', 'scripts/standalone.mjs',
  'proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', 'postcss.config.mjs'];

function walk(entry, out) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(entry).sort()) walk(path.join(entry, name), out);
  } else {
    out.push(`${entry}:${stat.size}:${Math.floor(stat.mtimeMs)}`);
  }
}

export function sourceStamp(root = process.cwd()) {
  const lines = [];
  for (const input of INPUTS) walk(path.join(root, input), lines);
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

const stampFile = (root) => path.join(root, '.next', 'lantern-build-stamp');

export function buildIsCurrent(root = process.cwd()) {
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) return false;
  try {
    return fs.readFileSync(stampFile(root), 'utf8').trim() === sourceStamp(root);
  } catch {
    return false;
  }
}

export function recordBuild(root = process.cwd(), stamp = sourceStamp(root)) {
  fs.writeFileSync(stampFile(root), stamp);
}

/**
 * Builds the widget bundles and the app when the sources changed (or the bundles are missing), and
 * records the build. `npm start` and the benchmarks share it. Exits the process when a build fails.
 */
export async function ensureBuilt(root = process.cwd()) {
  const widgetBuilt = ['public/widget.js', 'public/widget/frame.js'].every((file) => fs.existsSync(path.join(root, file)));
  if (widgetBuilt && buildIsCurrent(root)) return false;
  console.log('[lantern] building the app (first start or sources changed)...');
  await buildApp(root);
  return true;
}

/**
 * The widget bundles, `next build`, the standalone server folder (scripts/standalone.mjs), and the
 * build's stamp. Exits the process when a step fails.
 */
export async function buildApp(root = process.cwd()) {
  const { spawnSync } = await import('node:child_process');
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  const run = (args) => {
    const build = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
    if (build.status !== 0) process.exit(build.status ?? 1);
  };
  run([path.join(root, 'scripts', 'build-widget.mjs')]);
  run([path.join(root, 'scripts', 'operations-index.mjs')]);
  // Taken before `next build` reads the sources: a file edited during the build then marks the
  // build stale instead of being recorded as built.
  const stamp = sourceStamp(root);
  run([path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build']);
  const { prepareStandalone } = await import('./standalone.mjs');
  await prepareStandalone(root);
  recordBuild(root, stamp);
}
