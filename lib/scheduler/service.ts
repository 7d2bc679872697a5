import 'server-only';
import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { taskExecutions, type TaskExecution } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { forbidden, notFound } from '@/lib/http/errors';
import { nextRunOf } from './local-runner';
import { startTaskRun } from '@/lib/jobs/backend';
import { findJob, findTask, type Background } from '@/lib/jobs/define';
import { createPendingExecution } from './run-task';
import type { ScheduledTaskView, TaskExecutionView, TaskStatistics } from './schema';

/** The Scheduler belongs to the platform's administrators. */
function assertSuperuser(ctx: AuthContext): void {
  if (ctx.role !== 'superuser') throw forbidden('Only superusers can use the scheduler');
}

// Executions are of scheduled tasks and of jobs (lib/jobs), both named by their key.
const displayName = (background: Background, key: string) => findTask(background, key)?.display_name ?? findJob(background, key)?.display_name ?? key;
const round1 = (n: number) => Math.round(n * 10) / 10;

export function listScheduledTasks(ctx: AuthContext, background: Background): ScheduledTaskView[] {
  assertSuperuser(ctx);
  return background.tasks.map((t) => ({
    key: t.key,
    name: t.name,
    display_name: t.display_name,
    description: t.description,
    category: t.category,
    schedule: t.schedule,
    next_run: nextRunOf(t.schedule)?.toISOString() ?? null,
    queue: t.queue,
  }));
}

export function toExecutionView(background: Background, e: TaskExecution): TaskExecutionView {
  return {
    id: e.id,
    task_name: e.taskName,
    display_name: displayName(background, e.taskName),
    status: e.status,
    trigger: e.trigger,
    started_at: e.startedAt.toISOString(),
    duration_seconds: e.durationSeconds,
    result_summary: e.resultSummary,
    error_message: e.errorMessage,
  };
}

export async function listExecutions(ctx: AuthContext, background: Background, query: { limit: number; task_name?: string; status?: TaskExecution['status'] }) {
  assertSuperuser(ctx);
  const db = await getDb();
  const conds: SQL[] = [];
  if (query.task_name) conds.push(eq(taskExecutions.taskName, query.task_name));
  if (query.status) conds.push(eq(taskExecutions.status, query.status));
  const rows = await db
    .select()
    .from(taskExecutions)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(taskExecutions.startedAt), desc(taskExecutions.id))
    .limit(query.limit);
  return rows.map((e) => toExecutionView(background, e));
}

/** Success rate counts finished runs only (success and failure); skipped and unfinished runs are left out. */
export async function taskStatistics(ctx: AuthContext, background: Background, days: number): Promise<TaskStatistics> {
  assertSuperuser(ctx);
  const db = await getDb();
  const since = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({
      task: taskExecutions.taskName,
      total: sql<number>`count(*)::int`,
      successful: sql<number>`count(*) filter (where ${taskExecutions.status} = 'success')::int`,
      failed: sql<number>`count(*) filter (where ${taskExecutions.status} = 'failure')::int`,
      avgDuration: sql<number | null>`avg(${taskExecutions.durationSeconds}) filter (where ${taskExecutions.status} in ('success', 'failure'))`,
      lastRun: sql<string | null>`max(${taskExecutions.startedAt})`,
    })
    .from(taskExecutions)
    .where(gte(taskExecutions.startedAt, since))
    .groupBy(taskExecutions.taskName);
  const rate = (ok: number, bad: number) => (ok + bad === 0 ? 0 : round1((ok / (ok + bad)) * 100));
  const overall = rows.reduce((acc, r) => ({ total: acc.total + r.total, ok: acc.ok + r.successful, bad: acc.bad + r.failed }), { total: 0, ok: 0, bad: 0 });
  return {
    days,
    overall: { total_executions: overall.total, successful: overall.ok, failed: overall.bad, success_rate: rate(overall.ok, overall.bad) },
    by_task: rows
      .map((r) => ({
        task_name: r.task,
        display_name: displayName(background, r.task),
        total_runs: r.total,
        success_rate: rate(r.successful, r.failed),
        avg_duration_seconds: r.avgDuration === null ? null : Number(r.avgDuration),
        last_run: r.lastRun ? new Date(r.lastRun).toISOString() : null,
      }))
      .sort((a, b) => a.display_name.localeCompare(b.display_name)),
  };
}

/**
 * 'Trigger Now': records a pending execution and hands the run to Inngest, or starts it in this
 * process. The answer does not wait for the run.
 */
export async function triggerTask(ctx: AuthContext, background: Background, key: string) {
  assertSuperuser(ctx);
  const task = findTask(background, key);
  if (!task) throw notFound(`Unknown task: ${key}`);
  const executionId = await createPendingExecution(task.key, 'manual');
  await startTaskRun(task, executionId);
  return { execution_id: executionId, task_name: task.key, message: `Successfully triggered ${task.display_name}` };
}
