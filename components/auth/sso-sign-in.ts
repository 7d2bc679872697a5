'use client';

import { useEffect, useState } from 'react';
import { apiJson } from '@/lib/web/api';
import { takeRedirectAfterLogin } from '@/lib/web/session-state';

// The sign-in dialog's single sign-on: once the e-mail typed is an address, whether its domain
// signs in with its school's provider (and whether the password is then refused), and the way there.

export type SsoLookup = { school_name: string; enforce: boolean };

const LOOKUP_DELAY_MS = 350;
const looksLikeAddress = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email.trim());

export const ssoButtonLabel = (school: string) => `Continue with ${school} SSO`;

/** The school whose single sign-on this address uses, looked up after typing pauses; null when none. */
export function useSsoLookup(email: string): SsoLookup | null {
  const [found, setFound] = useState<{ email: string; sso: SsoLookup | null } | null>(null);
  const address = email.trim().toLowerCase();
  useEffect(() => {
    if (!looksLikeAddress(address)) return;
    let live = true;
    const timer = setTimeout(() => {
      apiJson<{ school_name: string | null; enforce: boolean }>(`/auth/sso/lookup?email=${encodeURIComponent(address)}`).then(
        (r) => live && setFound({ email: address, sso: r.school_name ? { school_name: r.school_name, enforce: r.enforce } : null }),
        // No answer: the password sign-in stays, as without single sign-on.
        () => live && setFound({ email: address, sso: null }),
      );
    }, LOOKUP_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [address]);
  return found && found.email === address ? found.sso : null;
}

/** Off to the school's provider; back on the page the person was sent away from, if any. */
export function startSso(email: string): void {
  const params = new URLSearchParams({ email: email.trim() });
  const next = takeRedirectAfterLogin();
  if (next) params.set('next', next);
  // A route handler that redirects to the provider, not a page: a full navigation.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign(`/auth/sso/start?${params}`);
}
