import Link from 'next/link';
import type { HandoffRequestView } from '@/lib/chat/handoff';

/** Visitors who asked to talk to a person lately, each a link to their lead. */
export function HandoffRequests({ total, days, requests }: { total: number; days: number; requests: HandoffRequestView[] }) {
  if (!total) return null;
  return (
    <section aria-labelledby="handoff-requests" className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <h2 id="handoff-requests" className="text-lg font-semibold text-slate-900 dark:text-white">
        Visitors who asked for a person
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {total === 1 ? '1 request' : `${total} requests`} in the past {days} days{total > requests.length ? `; the ${requests.length} newest:` : ':'}
      </p>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
        {requests.map((r) => (
          <li key={r.lead_id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
            <Link href={`/dashboard/leads?search=${encodeURIComponent(r.contact ?? r.name)}`} className="font-medium break-words text-brand-800 underline underline-offset-2 dark:text-brand-300">
              {r.name}
              {r.contact ? ` (${r.contact})` : ''}
            </Link>
            <time dateTime={r.asked_at} className="text-slate-600 dark:text-slate-400">
              {new Date(r.asked_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}
