// Decides whether the production build in .next matches the sources, so `npm start` builds only when needed.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const INPUTS = ['app', 'components', 'lib', 'db/schema', 'db/client.ts', 'db/migrate.ts', 'db/data-dir.ts', 'inngest', 'public', 'proxy.ts', 'instrumentation.ts',
  'next.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', 'postcss.config.mjs'];

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

export function recordBuild(root = process.cwd()) {
  fs.writeFileSync(stampFile(root), sourceStamp(root));
}
