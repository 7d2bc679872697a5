// Runs once when the server process starts (never during `next build`).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getDb } = await import('./db/client');
  // Open and migrate in the background: /health answers at once, the first data request waits for this.
  getDb().then(
    () => console.log('[lantern] database ready'),
    (err) => console.error('[lantern] database failed to open:', err),
  );
  // Background jobs: Inngest calls /api/inngest when configured; otherwise this process schedules them.
  const { inngestEnabled } = await import('./lib/scheduler/mode');
  if (!inngestEnabled() && process.env.LANTERN_SCHEDULER !== 'off') {
    const { startLocalRunner } = await import('./lib/scheduler/local-runner');
    const runner = startLocalRunner({ stopOnShutdown: true });
    console.log(`[lantern] in-process scheduler started (${runner.jobs.length} tasks)`);
  }
}
