import { Info } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { METRICS, type MetricKey } from '@/lib/analytics/metrics';

/**
 * A metric's name with its definition (lib/analytics/metrics.ts) as a tooltip: shown on hover and
 * on keyboard focus of the info button, and read as the button's description by screen readers.
 */
export function MetricLabel({ metric, children }: { metric: MetricKey; children?: ReactNode }) {
  const id = useId();
  const m = METRICS[metric];
  return (
    <span className="group relative inline-flex items-center gap-1">
      {children ?? m.label}
      <button type="button" className="rounded-full text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100" aria-label={`What counts as ${m.label}`} aria-describedby={id}>
        <Info aria-hidden="true" className="h-3.5 w-3.5" />
      </button>
      <span
        role="tooltip"
        id={id}
        className="invisible absolute left-0 top-full z-20 mt-1 w-64 rounded-md bg-slate-900 px-2 py-1.5 text-xs font-normal normal-case leading-snug text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 dark:bg-slate-100 dark:text-slate-900"
      >
        {m.definition}
      </span>
    </span>
  );
}

/** A figure on a card, named by its metric. */
export function MetricCard({ metric, value, hint, testId }: { metric: MetricKey; value: ReactNode; hint?: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900" data-testid={testId}>
      <dt className="text-sm text-slate-600 dark:text-slate-300">
        <MetricLabel metric={metric} />
      </dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 dark:text-white">{value}</dd>
      {hint && <dd className="text-xs text-slate-600 dark:text-slate-300">{hint}</dd>}
    </div>
  );
}
