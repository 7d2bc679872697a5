'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { WaitingNavCount } from '@/components/live/waiting-count';
import { NAV_SCREENS, type Screen } from '@/lib/web/screens';

// The signed-in header's links: every screen in lib/web/screens.ts with `nav`, in its order.

const ICONS: Record<NonNullable<Screen['nav']>['icon'], ReactNode> = {
  chat: (
    <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
    </svg>
  ),
};

const COUNTS: Record<NonNullable<Screen['count']>, () => ReactNode> = { waiting: WaitingNavCount };

export function StaffNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Staff">
      {NAV_SCREENS.map((screen) => {
        const Count = screen.count ? COUNTS[screen.count] : null;
        return (
          <Link
            key={screen.path}
            href={screen.path}
            aria-current={pathname === screen.path ? 'page' : undefined}
            className="inline-flex items-center gap-1.5 rounded px-2 py-2 text-sm font-medium text-slate-700 hover:text-slate-950 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 aria-[current=page]:text-brand-800 dark:text-slate-200 dark:hover:text-white dark:aria-[current=page]:text-brand-300"
          >
            {screen.nav && ICONS[screen.nav.icon]}
            {/* The title beside the icon from the small breakpoint up; for screen readers always. */}
            <span className="hidden sm:inline">{screen.title}</span>
            <span className="sr-only sm:hidden">{screen.title}</span>
            {Count && <Count />}
          </Link>
        );
      })}
    </nav>
  );
}
