'use client';

import * as Menu from '@radix-ui/react-dropdown-menu';
import Link from 'next/link';
import { signOut } from 'next-auth/react';
import { useSyncExternalStore } from 'react';
import { isDarkMode, setDarkMode } from '@/components/theme/dark-mode';
import { buttonClass } from '@/components/ui/button';
import { openLoginDialog, openProfileModal } from '@/lib/web/events';
import { LanternMark } from './logo';

// The theme lives on <html class="dark">; subscribe to it so the menu label follows.
function subscribeTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

function SettingsMenu() {
  const dark = useSyncExternalStore(subscribeTheme, isDarkMode, () => false);
  return (
    <Menu.Root>
      <Menu.Trigger className={buttonClass('ghost', 'px-2')} aria-label="Settings">
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="12" cy="12" r="3" />
          <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
        </svg>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={6} className="z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900">
          <Menu.Item onSelect={() => setDarkMode(!dark)} className="cursor-pointer rounded px-3 py-2 outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800">
            {dark ? 'Light Mode' : 'Dark Mode'}
          </Menu.Item>
          <Menu.Item onSelect={() => openProfileModal()} className="cursor-pointer rounded px-3 py-2 outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800">
            Profile
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

/** Logs out even when the server call fails: the browser forgets the session either way. */
async function logout() {
  try {
    await signOut({ redirect: false });
  } catch (err) {
    console.warn('Logout call failed', err);
  }
  try {
    sessionStorage.removeItem('redirectAfterLogin');
  } catch {
    // nothing stored
  }
  window.location.assign('/');
}

export type HeaderUser = { firstName: string } | null;

export function Header({ user }: { user: HeaderUser }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link href={user ? '/dashboard' : '/'} className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white" aria-label="Lantern home">
          <LanternMark />
          <span className="text-lg">Lantern</span>
        </Link>
        {user ? (
          <div className="flex items-center gap-1 sm:gap-3">
            <span className="max-w-[10rem] truncate text-sm text-slate-700 sm:max-w-none dark:text-slate-200">Welcome, {user.firstName}!</span>
            <SettingsMenu />
            <button type="button" onClick={logout} className={buttonClass('secondary', 'px-3')}>
              Logout
            </button>
          </div>
        ) : (
          <nav aria-label="Main" className="flex items-center gap-1 sm:gap-4">
            <Link href="/?view=about" scroll={false} className="hidden rounded px-2 py-1 text-sm text-slate-700 hover:text-slate-950 sm:inline dark:text-slate-200 dark:hover:text-white">
              About
            </Link>
            <Link href="/?view=contact" scroll={false} className="hidden rounded px-2 py-1 text-sm text-slate-700 hover:text-slate-950 sm:inline dark:text-slate-200 dark:hover:text-white">
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
