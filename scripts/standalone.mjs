// Completes Next's standalone output (`.next/standalone`, `output: 'standalone'`) into a folder that
// runs on its own: the static assets, public/ and the migrations Next leaves out, and Lantern's own
// entry point as `server.js` (scripts/standalone-server.mjs, bundled: migrations first, then the
// front server that knows the client address). A container copies this one folder.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

export async function prepareStandalone(root = process.cwd()) {
  const out = path.join(root, '.next', 'standalone');
  if (!fs.existsSync(out)) return false;
  const copy = (from, to) => {
    fs.rmSync(path.join(out, to), { recursive: true, force: true });
    if (fs.existsSync(path.join(root, from))) fs.cpSync(path.join(root, from), path.join(out, to), { recursive: true });
  };
  copy('.next/static', '.next/static');
  copy('public', 'public');
  copy('db/migrations', 'db/migrations');
  await esbuild.build({
    entryPoints: [path.join(root, 'scripts', 'standalone-server.mjs')],
    outfile: path.join(out, 'server.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // In the standalone node_modules already (traced from the app); drizzle's migrator and proxy-addr are bundled.
    external: ['next', 'postgres'],
    // proxy-addr is CommonJS: give the ESM bundle a require for Node's own modules.
    banner: { js: "import { createRequire as __lanternRequire } from 'node:module'; const require = __lanternRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  // server.js is ESM: make sure the folder says so, whatever Next copied.
  const pkgFile = path.join(out, 'package.json');
  const pkg = fs.existsSync(pkgFile) ? JSON.parse(fs.readFileSync(pkgFile, 'utf8')) : {};
  if (pkg.type !== 'module') fs.writeFileSync(pkgFile, JSON.stringify({ ...pkg, type: 'module' }, null, 2));
  return true;
}
