'use client';

import * as Menu from '@radix-ui/react-dropdown-menu';
import { signOut } from 'next-auth/react';
import { useSyncExternalStore } from 'react';
import { isDarkMode, setDarkMode } from '@/components/theme/dark-mode';
import { buttonClass } from '@/components/ui/button';
import { openProfileModal } from '@/lib/web/events';

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
  // A full reload drops every bit of client state that belonged to the session.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign('/');
}

/** The header's signed-in controls: the settings menu and Logout. */
export default function UserControls() {
  return (
    <>
      <SettingsMenu />
      <button type="button" onClick={logout} className={buttonClass('secondary', 'px-3')}>
        Logout
      </button>
    </>
  );
}
