'use client';

import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { BAR_COLORS, barLevel } from '@/lib/analytics/insights';

// Only the bar chart's parts are registered (docs/dependencies.md).
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip);

export type BarPoint = { label: string; value: number };

/**
 * A bar chart with its text alternative: the canvas is labelled with a one-line summary and the
 * same numbers follow as a table for screen readers. Each bar is coloured by its share of the
 * largest one (barLevel).
 */
export function AnalyticsBarChart({ title, points, valueLabel, testId }: { title: string; points: BarPoint[]; valueLabel: string; testId: string }) {
  const max = Math.max(0, ...points.map((p) => p.value));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const summary = `${title}: ${total} in all, at most ${max}.`;
  return (
    <figure className="relative rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900" data-testid={testId}>
      <figcaption className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{title}</figcaption>
      <div className="h-56">
        <Bar
          aria-label={summary}
          role="img"
          data={{
            labels: points.map((p) => p.label),
            datasets: [{ label: valueLabel, data: points.map((p) => p.value), backgroundColor: points.map((p) => BAR_COLORS[barLevel(p.value, max)]), borderRadius: 3 }],
          }}
          options={{ maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } }, plugins: { tooltip: { enabled: true } } }}
        >
          {summary}
        </Bar>
      </div>
      {/* Hidden in a block of its own: a table box ignores sr-only's overflow and clip and widened the page at 390 px.
          Its words wrap (sr-only keeps them on one line), so the table's own box never reaches past a phone's width either. */}
      <div className="sr-only">
        <table className="whitespace-normal">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.label}>
                <th scope="row">{p.label}</th>
                <td>{p.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
