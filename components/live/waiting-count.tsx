'use client';

import { useState } from 'react';
import { waitingCountAction } from '@/app/actions/live';
import { Badge } from '@/components/ui/badge';
import { useScreenData } from '@/lib/web/screen-data';

// How many visitors wait for a person: the header's Live Chat link and the dashboard's card. One
// answer for both (the same key), loaded again every 20 seconds; the Live view sets it from the
// changes it hears of.

export const WAITING_KEY = 'live-waiting';
const REFRESH_MS = 20_000;

/** The number waiting; null until known, or when the account has no school (nothing to wait for). */
export function useWaitingCount(): { waiting: number | null; reload: () => Promise<void>; set: (waiting: number) => void } {
  // An account without a school has nobody to wait for: no more loads after that answer.
  const [noSchool, setNoSchool] = useState(false);
  const count = useScreenData(WAITING_KEY, waitingCountAction, { pollMs: () => (noSchool ? 0 : REFRESH_MS), onError: (f) => setNoSchool(f.code === 'no_school') });
  return { waiting: noSchool ? null : (count.data?.waiting ?? null), reload: count.reload, set: (waiting) => count.setData({ waiting }) };
}

function waitingLabel(n: number) {
  return n === 1 ? '1 visitor waiting' : `${n} visitors waiting`;
}

/** The header link's count (components/site/staff-nav.tsx): shown while anyone waits. */
export function WaitingNavCount() {
  const { waiting } = useWaitingCount();
  if (!waiting) return null;
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white" data-testid="live-waiting-count">
      <span aria-hidden="true">{waiting}</span>
      <span className="sr-only">, {waitingLabel(waiting)}</span>
    </span>
  );
}

/** The dashboard card's badge: how many visitors wait now. */
export function WaitingBadge() {
  const { waiting } = useWaitingCount();
  if (waiting === null) return null;
  return <Badge tone={waiting ? 'danger' : 'neutral'}>{waiting ? waitingLabel(waiting) : 'Nobody waiting'}</Badge>;
}
