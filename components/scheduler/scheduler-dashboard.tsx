'use client';

import * as Tabs from '@radix-ui/react-tabs';
import { useMemo, useState } from 'react';
import { scheduledTasksAction, taskExecutionsAction, taskStatisticsAction, triggerTaskAction } from '@/app/actions/scheduler';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { MessageBanners, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { DataTable, type PlainColumn } from '@/components/ui/data-table';
import { SelectField } from '@/components/ui/select';
import { describeSchedule, errorText, formatDuration, resultSnippet, successRateTone } from '@/lib/scheduler/format';
import type { executionsQuerySchema, ScheduledTaskView, TaskExecutionView, TaskStatistics } from '@/lib/scheduler/schema';
import type { z } from 'zod';
import type { ActionResult } from '@/lib/http/action-result';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';
import { MetricsModal } from './metrics-modal';
import { CategoryIcon, DateCell, MetricCard, RateBadge, StatusBadge } from './parts';

const REFRESH_MS = 30_000;
const RELOAD_AFTER_TRIGGER_MS = 2_000;
const HISTORY_LIMIT = 50;
const STATS_DAYS = 7;
const EMPTY_STATS: TaskStatistics = { days: STATS_DAYS, overall: { total_executions: 0, successful: 0, failed: 0, success_rate: 0 }, by_task: [] };



type Board = { tasks: ScheduledTaskView[]; executions: TaskExecutionView[]; stats: TaskStatistics; complete: boolean };
const EMPTY_BOARD: Board = { tasks: [], executions: [], stats: EMPTY_STATS, complete: true };

/** The three parts of the board; each falls back to empty on its own failure. */
async function loadBoard(query: z.input<typeof executionsQuerySchema>): Promise<ActionResult<Board>> {
  const [t, e, s] = await Promise.all([callAction(() => scheduledTasksAction()), callAction(() => taskExecutionsAction({ query })), callAction(() => taskStatisticsAction({ query: { days: STATS_DAYS } }))]);
  const ended = [t, e, s].find((r) => !r.ok && r.code === 'session_expired');
  if (ended && !ended.ok) return ended;
  return { ok: true, data: { tasks: t.ok ? t.data : [], executions: e.ok ? e.data : [], stats: s.ok ? s.data : EMPTY_STATS, complete: t.ok && e.ok && s.ok } };
}

const QUEUE_NAMES: Record<string, string> = { high_priority: 'High priority', low_priority: 'Low priority' };

const tabClass =
  'rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-700 data-[state=active]:border-brand-700 data-[state=active]:text-slate-950 dark:text-slate-300 dark:data-[state=active]:text-white';

export function SchedulerDashboard() {
  const { error, success, setError, setSuccess } = useMessages();
  const [taskFilter, setTaskFilter] = useState('all');
  const [statusFilter, setStatusFilter] = useState('all');
  const [metrics, setMetrics] = useState<TaskExecutionView | null>(null);

  const query = { limit: HISTORY_LIMIT, ...(taskFilter !== 'all' ? { task_name: taskFilter } : {}), ...(statusFilter !== 'all' ? { status: statusFilter as TaskExecutionView['status'] } : {}) };
  // The first load and the 30-second refresh both sync from the server; a filter is part of the key.
  const board = useScreenData(`scheduler:${taskFilter}:${statusFilter}`, () => loadBoard(query), {
    keepPrevious: true,
    pollMs: () => REFRESH_MS,
    onSuccess: (b) => setError(b.complete ? null : 'Failed to load scheduler data'),
  });
  const { tasks, executions, stats } = board.data ?? EMPTY_BOARD;
  const loading = board.loading;
  const load = board.reload;

  async function trigger(task: ScheduledTaskView) {
    const res = await callAction(() => triggerTaskAction({ params: { id: task.key } }));
    if (!res.ok) {
      setSuccess(null);
      return setError(`Failed to trigger task: ${res.error}`);
    }
    setError(null);
    setSuccess(`Successfully triggered ${task.display_name}`);
    setTimeout(() => void load(), RELOAD_AFTER_TRIGGER_MS);
  }

  const performanceColumns = useMemo<PlainColumn<TaskStatistics['by_task'][number]>[]>(
    () => [
      { id: 'task', header: 'Task', cell: ({ row }) => <span className="font-medium">{row.original.display_name}</span> },
      { id: 'runs', header: 'Total Runs', cell: ({ row }) => row.original.total_runs },
      { id: 'rate', header: 'Success Rate', cell: ({ row }) => <RateBadge rate={row.original.success_rate} /> },
      { id: 'avg', header: 'Avg Duration', cell: ({ row }) => formatDuration(row.original.avg_duration_seconds) },
      { id: 'last', header: 'Last Run', cell: ({ row }) => <DateCell iso={row.original.last_run} /> },
    ],
    [],
  );

  const taskColumns = useMemo<PlainColumn<ScheduledTaskView>[]>(
    () => [
      {
        id: 'task',
        header: 'Task',
        cell: ({ row }) => (
          <span className="flex gap-2">
            <CategoryIcon category={row.original.category} />
            <span>
              <span className="block font-medium">{row.original.display_name}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">{row.original.description}</span>
            </span>
          </span>
        ),
      },
      {
        id: 'schedule',
        header: 'Schedule',
        cell: ({ row }) => (
          // The expression itself stays one hover away for whoever needs it.
          <span title={`${row.original.schedule} (cron, UTC)`} data-testid="task-schedule">
            {describeSchedule(row.original.schedule)}
          </span>
        ),
      },
      { id: 'next', header: 'Next Run', cell: ({ row }) => <DateCell iso={row.original.next_run} /> },
      {
        id: 'queue',
        header: 'Queue',
        // Plain words on screen; the queue's key stays one hover away.
        cell: ({ row }) => <span title={row.original.queue}>{QUEUE_NAMES[row.original.queue] ?? row.original.queue.replace(/_/g, ' ')}</span>,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          <Button variant="secondary" className="whitespace-nowrap px-3 py-1.5" onClick={() => void trigger(row.original)} aria-label={`Trigger Now: ${row.original.display_name}`}>
            Trigger Now
          </Button>
        ),
      },
    ],
    // trigger only uses state setters and the stable load of this render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [load],
  );

  const historyColumns = useMemo<PlainColumn<TaskExecutionView>[]>(
    () => [
      { id: 'task', header: 'Task', cell: ({ row }) => <span className="font-medium">{row.original.display_name}</span> },
      { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
      { id: 'started', header: 'Started', cell: ({ row }) => <DateCell iso={row.original.started_at} /> },
      { id: 'duration', header: 'Duration', cell: ({ row }) => formatDuration(row.original.duration_seconds) },
      {
        id: 'result',
        header: 'Result',
        cell: ({ row }) => {
          const e = row.original;
          return (
            <button type="button" className="text-left text-brand-800 hover:underline dark:text-brand-300" onClick={() => setMetrics(e)} title={e.error_message ?? undefined}>
              {e.error_message ? errorText(e.error_message) : resultSnippet(e.result_summary)}
            </button>
          );
        },
      },
    ],
    [],
  );

  const o = stats.overall;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackToDashboard />
        <Button variant="secondary" onClick={() => void load()}>
          Refresh
        </Button>
      </div>
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Scheduler Dashboard</h1>
      <MessageBanners error={error} success={success} onDismissError={() => setError(null)} onDismissSuccess={() => setSuccess(null)} />
      {loading ? (
        <p role="status">Loading scheduler data...</p>
      ) : (
        <Tabs.Root defaultValue="overview">
          <Tabs.List aria-label="Scheduler views" className="flex gap-2 border-b border-slate-200 dark:border-slate-700">
            <Tabs.Trigger value="overview" className={tabClass}>
              Overview
            </Tabs.Trigger>
            <Tabs.Trigger value="tasks" className={tabClass}>
              Scheduled Tasks
            </Tabs.Trigger>
            <Tabs.Trigger value="history" className={tabClass}>
              Execution History
            </Tabs.Trigger>
          </Tabs.List>

          <Tabs.Content value="overview" className="space-y-6 pt-6">
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <MetricCard label="Total Executions (7 days)" value={String(o.total_executions)} />
              <MetricCard label="Successful" value={String(o.successful)} tone="success" />
              <MetricCard label="Failed" value={String(o.failed)} tone={o.failed > 0 ? 'danger' : undefined} />
              <MetricCard label="Success Rate (%)" value={o.successful + o.failed === 0 ? '—' : `${o.success_rate.toFixed(1)}%`} tone={o.successful + o.failed === 0 ? undefined : successRateTone(o.success_rate)} />
            </div>
            <section aria-labelledby="perf-heading" className="space-y-3">
              <h2 id="perf-heading" className="text-lg font-semibold">
                Task Performance (Last 7 Days)
              </h2>
              <DataTable columns={performanceColumns} data={stats.by_task} caption="Task Performance (Last 7 Days)" empty="No task has run in the last 7 days." rowKey={(r) => r.task_name} />
            </section>
          </Tabs.Content>

          <Tabs.Content value="tasks" className="pt-6">
            <DataTable columns={taskColumns} data={tasks} caption="Scheduled Tasks" empty="No scheduled tasks." rowKey={(r) => r.key} cardsWhenNarrow />
          </Tabs.Content>

          <Tabs.Content value="history" className="space-y-4 pt-6">
            <div className="grid gap-4 sm:grid-cols-2 lg:w-2/3">
              <SelectField label="Task" value={taskFilter} onChange={(e) => setTaskFilter(e.target.value)}>
                <option value="all">All Tasks</option>
                {tasks.map((t) => (
                  <option key={t.key} value={t.key}>
                    {t.display_name}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Status" value={statusFilter} onChange={(e) => setStatusFilter(e.target.value)}>
                <option value="all">All Status</option>
                <option value="success">Success</option>
                <option value="failure">Failed</option>
                <option value="running">Running</option>
                <option value="pending">Pending</option>
              </SelectField>
            </div>
            <DataTable columns={historyColumns} data={executions} caption="Execution History" empty="No task executions found matching your filters." rowKey={(r) => r.id} />
          </Tabs.Content>
        </Tabs.Root>
      )}
      {metrics && <MetricsModal execution={metrics} onClose={() => setMetrics(null)} />}
    </div>
  );
}
