// Runs once when the server process starts (never during `next build`).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getDb } = await import('./db/client');
  // Open and migrate in the background: /health answers at once, the first data request waits for this.
  getDb().then(
    () => console.log('[lantern] database ready'),
    (err) => console.error('[lantern] database failed to open:', err),
  );
  // Every saved lead queues its CRM delivery, whichever route saves it (issue 21).
  await import('./lib/crm/lead-listener');
  // Background work: Inngest calls /api/inngest when configured; otherwise this process runs jobs,
  // and the cron schedules unless LANTERN_SCHEDULER=off.
  const { startInProcessWork } = await import('./lib/jobs/backend');
  const started = await startInProcessWork({ schedules: process.env.LANTERN_SCHEDULER !== 'off' });
  if (started.mode === 'in-process') console.log(`[lantern] in-process job runner started; scheduler with ${started.tasks} tasks`);
}
