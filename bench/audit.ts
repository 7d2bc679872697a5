// Budget of the audit log: recording an entry adds <= 1 ms to the request it records.
// A recorded action is a write in a transaction (a lead deleted, a user changed): this times that
// transaction with and without its recordAudit, alternating, on PGlite (in memory) and, when
// TEST_DATABASE_URL (or BENCH_PG_URL) names a Postgres server, on Postgres in a database of its own
// (lantern_bench_audit, dropped at the end). The figure is the difference of the medians.
import { eq, sql } from 'drizzle-orm';
import { closeDb, installDatabase, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { schools } from '../db/schema';
import { requestContext, withRequestContext } from '../lib/audit/context';
import { recordAudit } from '../lib/audit/record';
import { onBothDatabases } from './server';

const ROUNDS = Number(process.env.BENCH_AUDIT_ROUNDS || 2000);
const WARMUP = 200;
const BUDGET_MS = 1;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function measure(kind: 'pglite' | 'postgres', url?: string): Promise<boolean> {
  const handle = await openDatabase({ url, pgliteDir: null });
  await runMigrations(handle.db, kind);
  installDatabase(handle);
  const db = handle.db;
  const [school] = await db.insert(schools).values({ name: 'Audit Bench College' }).returning({ id: schools.id });
  const schoolId = school!.id;
  const context = requestContext('203.0.113.5', null);

  // The action: one write in a transaction, as the recorded service functions do.
  const action = (audit: boolean) =>
    withRequestContext(context, () =>
      db.transaction(async (tx) => {
        await tx.update(schools).set({ updatedAt: sql`now()` }).where(eq(schools.id, schoolId));
        if (audit) await recordAudit({ action: 'lead.deleted', actor: { id: 1, email: 'bench@lantern.test' }, schoolId, target: { type: 'lead', id: 42 }, details: { source: 'staff_entry' } }, tx);
      }),
    );

  for (let i = 0; i < WARMUP; i++) await action(i % 2 === 0);
  const without: number[] = [];
  const withAudit: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Alternating, so a slow patch of the machine weighs on both alike.
    for (const audit of i % 2 === 0 ? [false, true] : [true, false]) {
      const t0 = performance.now();
      await action(audit);
      (audit ? withAudit : without).push(performance.now() - t0);
    }
  }
  const added = median(withAudit) - median(without);
  const ok = added <= BUDGET_MS;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${`recording an audit entry (${kind}, ${ROUNDS} rounds)`.padEnd(48)} ${`${added.toFixed(3)} ms`.padStart(10)} (budget ${BUDGET_MS} ms)` +
      `   transaction median ${median(without).toFixed(3)} → ${median(withAudit).toFixed(3)} ms, p95 ${p95(without).toFixed(3)} → ${p95(withAudit).toFixed(3)} ms`,
  );
  await closeDb();
  return ok;
}

process.env.AUTH_SECRET ??= 'bench-secret-for-the-audit-log-0123456789';
process.exit((await onBothDatabases('lantern_bench_audit', measure)) ? 0 : 1);
