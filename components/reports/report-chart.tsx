'use client';

import { CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';

// Only the line chart's parts are registered (docs/dependencies.md).
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend);

export type ReportSeries = { key: string; label: string; color: string; data: number[] };

/**
 * A line chart over the report's days with its text alternative: the canvas carries a one-line
 * summary and the same numbers follow as a table for screen readers.
 */
export function ReportLineChart({ title, labels, series, height, testId }: { title: string; labels: string[]; series: ReportSeries[]; height: number; testId: string }) {
  const total = series.reduce((sum, s) => sum + s.data.reduce((a, b) => a + b, 0), 0);
  const summary = `${title}: ${total} in all over ${labels.length} days${series.length > 1 ? `, ${series.length} series` : ''}.`;
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900" data-testid={testId} data-series={series.map((s) => s.key).join(' ')}>
      <figcaption className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">{title}</figcaption>
      <div style={{ height }}>
        <Line
          aria-label={summary}
          role="img"
          data={{
            labels,
            datasets: series.map((s) => ({ label: s.label, data: s.data, borderColor: s.color, backgroundColor: s.color, pointRadius: labels.length > 60 ? 0 : 2, tension: 0.2 })),
          }}
          options={{
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: 'index', intersect: false },
            scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
            plugins: { legend: { display: series.length > 1 }, tooltip: { enabled: true } },
          }}
        >
          {summary}
        </Line>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={`${label}-${i}`}>
              <th scope="row">{label}</th>
              {series.map((s) => (
                <td key={s.key}>{s.data[i] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
