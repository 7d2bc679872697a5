import Link from 'next/link';
import type { SetupStep } from '@/lib/schools/checklist';

/** A new school's first steps, each ticked from what the school has done; gone once all are. */
export function SetupChecklist({ steps }: { steps: SetupStep[] }) {
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <section aria-labelledby="setup-checklist" className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <h2 id="setup-checklist" className="text-lg font-semibold text-slate-900 dark:text-white">
        Set up Lantern
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {done} of {steps.length} steps done. Each step is ticked when Lantern sees it done.
      </p>
      <ol className="mt-3 space-y-2">
        {steps.map((s) => (
          <li key={s.key} className="flex items-start gap-3 text-sm" data-done={s.done}>
            <span
              aria-hidden="true"
              className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-xs font-bold ${s.done ? 'border-green-700 bg-green-700 text-white' : 'border-slate-400 text-transparent dark:border-slate-500'}`}
            >
              ✓
            </span>
            <span className="min-w-0">
              <Link href={s.href} className={`font-medium underline underline-offset-2 ${s.done ? 'text-slate-600 dark:text-slate-400' : 'text-brand-800 dark:text-brand-300'}`}>
                {s.label}
              </Link>
              <span className="sr-only">{s.done ? ' (done)' : ' (to do)'}</span>
              {!s.done && <span className="block text-slate-700 dark:text-slate-300">{s.hint}</span>}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
