'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { openLoginDialog } from '@/lib/web/events';
import { LanternMark } from './logo';
import { StaffNav } from './staff-nav';

// The signed-in controls (settings menu, logout) load only for signed-in pages.
const UserControls = dynamic(() => import('./user-controls'), {
  loading: () => <span className="h-9 w-40" aria-hidden="true" />,
});

export type HeaderUser = { firstName: string } | null;

export function Header({ user }: { user: HeaderUser }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link href={user ? '/dashboard' : '/'} className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white" aria-label="Lantern home">
          <LanternMark />
          <span className="hidden text-lg min-[400px]:inline">Lantern</span>
        </Link>
        {user ? (
          <div className="flex items-center gap-1 sm:gap-3">
            <StaffNav />
            <span className="max-w-[10rem] truncate text-sm text-slate-700 sm:max-w-none dark:text-slate-200">Welcome, {user.firstName}!</span>
            <UserControls />
          </div>
        ) : (
          <nav aria-label="Main" className="flex items-center gap-1 sm:gap-4">
            <Link href="/?view=about" scroll={false} className="rounded px-2 py-2 text-sm text-slate-700 hover:text-slate-950 dark:text-slate-200 dark:hover:text-white">
              About
            </Link>
            <Link href="/?view=contact" scroll={false} className="rounded px-2 py-2 text-sm text-slate-700 hover:text-slate-950 dark:text-slate-200 dark:hover:text-white">
              Contact
            </Link>
            <button type="button" onClick={openLoginDialog} className={buttonClass('primary')}>
              Login
            </button>
          </nav>
        )}
      </div>
    </header>
  );
}
