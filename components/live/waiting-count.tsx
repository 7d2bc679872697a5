'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { waitingCountAction } from '@/app/actions/live';
import { Badge } from '@/components/ui/badge';
import { useScreenData } from '@/lib/web/screen-data';

// How many visitors wait for a person: the header's Live Chat link and the dashboard's card. One
// answer for both (the same key), loaded again every 20 seconds and whenever the Live view hears
// of a change.

export const WAITING_KEY = 'live-waiting';
const REFRESH_MS = 20_000;

/** The number waiting; null until known, or when the account has no school (nothing to wait for). */
export function useWaitingCount(): { waiting: number | null; reload: () => Promise<void> } {
  // An account without a school has nobody to wait for: no more loads after that answer.
  const [noSchool, setNoSchool] = useState(false);
  const count = useScreenData(WAITING_KEY, waitingCountAction, { pollMs: () => (noSchool ? 0 : REFRESH_MS), onError: (f) => setNoSchool(f.code === 'no_school') });
  return { waiting: noSchool ? null : (count.data?.waiting ?? null), reload: count.reload };
}

function waitingLabel(n: number) {
  return n === 1 ? '1 visitor waiting' : `${n} visitors waiting`;
}

/** The header's link to the Live view, with the number of visitors waiting. */
export function LiveNavLink() {
  const { waiting } = useWaitingCount();
  const here = usePathname() === '/dashboard/live';
  return (
    <Link
      href="/dashboard/live"
      aria-current={here ? 'page' : undefined}
      className="inline-flex items-center gap-1.5 rounded px-2 py-2 text-sm font-medium text-slate-700 hover:text-slate-950 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 aria-[current=page]:text-brand-800 dark:text-slate-200 dark:hover:text-white dark:aria-[current=page]:text-brand-300"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
      </svg>
      <span className="hidden sm:inline">Live Chat</span>
      <span className="sr-only sm:hidden">Live Chat</span>
      {waiting ? (
        <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white" data-testid="live-waiting-count">
          <span aria-hidden="true">{waiting}</span>
          <span className="sr-only">, {waitingLabel(waiting)}</span>
        </span>
      ) : null}
    </Link>
  );
}

/** The dashboard card's badge: how many visitors wait now. */
export function WaitingBadge() {
  const { waiting } = useWaitingCount();
  if (waiting === null) return null;
  return <Badge tone={waiting ? 'danger' : 'neutral'}>{waiting ? waitingLabel(waiting) : 'Nobody waiting'}</Badge>;
}
