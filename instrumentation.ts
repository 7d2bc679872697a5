// Runs once when the server process starts (never during `next build`).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // A serverless host without DATABASE_URL / AUTH_SECRET: refuse to serve rather than write PGlite to a
  // read-only, per-instance disk (the build refuses first; this covers a host that skipped it).
  // Exits: a thrown error here leaves Next listening on a port that answers nothing.
  const { exitOnServerlessConfigProblem, serverlessHost } = await import('./db/host.mjs');
  exitOnServerlessConfigProblem();
  // With REDIS_URL the limits of every instance live there: no Redis, no start (never a silent
  // fallback to limits counted per process).
  if (process.env.REDIS_URL) {
    const { pingRedis, redisLabel } = await import('./lib/security/redis');
    try {
      await pingRedis(process.env.REDIS_URL);
    } catch (err) {
      console.error(`[lantern] REDIS_URL (${redisLabel()}) does not answer: ${(err as Error)?.message ?? err}. Start Redis there, or unset REDIS_URL to keep the limits in the database (docs/deploy.md).`);
      process.exit(1);
    }
  }
  const { getDb } = await import('./db/client');
  // Open and migrate in the background: /health answers at once, the first data request waits for this.
  getDb().then(
    () => console.log('[lantern] database ready'),
    (err) => console.error('[lantern] database failed to open:', err),
  );
  // Background work: Inngest calls /api/inngest when configured; otherwise this process runs jobs,
  // and the cron schedules unless LANTERN_SCHEDULER=off.
  const { inngestEnabled, startInProcessWork } = await import('./lib/jobs/backend');
  const host = serverlessHost();
  if (host && !inngestEnabled()) {
    console.warn(`[lantern] on ${host} without Inngest: scheduled tasks and background jobs run only while a request keeps an instance alive. Set INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY (docs/deploy.md).`);
  }
  const { background } = await import('./background');
  const started = await startInProcessWork(background, { schedules: process.env.LANTERN_SCHEDULER !== 'off' });
  if (started.mode === 'in-process') console.log(`[lantern] in-process job runner started; scheduler with ${started.tasks} tasks`);
}
