'use client';

import { Badge } from '@/components/ui/badge';
import { formatDate, successRateTone } from '@/lib/scheduler/format';

const STATUS_TONE = { success: 'success', failure: 'danger', running: 'brand', pending: 'neutral', skipped: 'warning' } as const;

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONE[status as keyof typeof STATUS_TONE] ?? 'neutral'}>{status}</Badge>;
}

export function RateBadge({ rate }: { rate: number }) {
  return <Badge tone={successRateTone(rate)}>{rate.toFixed(1)}%</Badge>;
}

/** Local time, with UTC beneath. */
export function DateCell({ iso }: { iso: string | null | undefined }) {
  const d = formatDate(iso);
  if (d === 'Never') return <span>Never</span>;
  return (
    <span className="block">
      <span className="block">{d.local}</span>
      <span className="block text-xs text-slate-600 dark:text-slate-400">{d.utc}</span>
    </span>
  );
}

// Outline icons per category (chart, spark, wrench, cog).
const CATEGORY_PATH: Record<string, string> = {
  Analytics: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  'AI Processing': 'M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9z',
  Maintenance: 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-.5-.5-2.5z',
  Other: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1',
};

export function CategoryIcon({ category }: { category: string }) {
  return (
    <span title={category} className="mt-0.5 shrink-0 text-brand-700 dark:text-brand-300">
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={CATEGORY_PATH[category] ?? CATEGORY_PATH.Other} />
      </svg>
      <span className="sr-only">{category}</span>
    </span>
  );
}

export function MetricCard({ label, value, tone }: { label: string; value: string; tone?: 'success' | 'danger' | 'warning' }) {
  const colour = tone === 'success' ? 'text-emerald-800 dark:text-emerald-300' : tone === 'danger' ? 'text-red-800 dark:text-red-300' : tone === 'warning' ? 'text-amber-800 dark:text-amber-300' : 'text-slate-900 dark:text-white';
  return (
    <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <p className="text-sm text-slate-700 dark:text-slate-300">{label}</p>
      <p className={`mt-1 text-2xl font-bold ${colour}`}>{value}</p>
    </div>
  );
}
