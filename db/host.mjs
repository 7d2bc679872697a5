// Where Lantern runs, as far as the database is concerned. Plain JavaScript: the build script, the
// standalone server and db/client.ts all ask it.

/** Environment variables that serverless hosts set in every function (and in their builds). */
const SERVERLESS_MARKERS = [
  ['VERCEL', 'Vercel'],
  ['AWS_LAMBDA_FUNCTION_NAME', 'AWS Lambda'],
  ['NETLIFY', 'Netlify'],
  ['LANTERN_SERVERLESS', 'a serverless host (LANTERN_SERVERLESS)'],
];

/** The serverless host this process runs on (by its markers), or null. `LANTERN_SERVERLESS=0` says it is not one. */
export function serverlessHost(env = process.env) {
  if (env.LANTERN_SERVERLESS === '0') return null;
  for (const [name, label] of SERVERLESS_MARKERS) if (env[name] && env[name] !== '0') return label;
  return null;
}

/**
 * What is missing for a serverless host, as one message, or null. Its disk is read-only and
 * each instance its own: the embedded database and the generated signing key cannot live there.
 */
export function serverlessConfigProblem(env = process.env) {
  const host = serverlessHost(env);
  if (!host) return null;
  const missing = [];
  if (!env.DATABASE_URL) missing.push('DATABASE_URL (a Postgres server; the embedded database needs a writable disk of its own)');
  if (!env.AUTH_SECRET && !env.NEXTAUTH_SECRET) missing.push('AUTH_SECRET (every instance must sign with the same key)');
  if (missing.length === 0) return null;
  return `[lantern] refusing to run on ${host} without ${missing.join(' and ')}. Set ${missing.length > 1 ? 'them' : 'it'} in the project's environment variables (docs/deploy.md).`;
}

/**
 * Whatever refuses to run stops: prints the problem and exits non-zero, before anything listens
 * (`npm start`, `npm run build`, the standalone server, and the app's own start for a host that
 * runs `next start` itself).
 */
export function exitOnServerlessConfigProblem(env = process.env) {
  const problem = serverlessConfigProblem(env);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
