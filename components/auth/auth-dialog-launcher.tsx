'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { isSsoFailure, SSO_FAILURE_TEXT } from '@/lib/sso/errors';
import { OPEN_LOGIN_EVENT } from '@/lib/web/events';
import { rememberExpiredSession, storedSessionMessage } from '@/lib/web/session-state';
import type { AuthDialogRequest } from './auth-dialog';

// The dialog's code loads only when it opens, keeping the public pages light.
const AuthDialog = dynamic(() => import('./auth-dialog'), { ssr: false });

/**
 * Decides when the sign-in dialog opens: on a stored session-expired message, on a `token` in the
 * address (reset link), on a single sign-on that came back refused (`sso_error`), on /login, and
 * whenever something dispatches the open-login event.
 */
export function AuthDialogLauncher({ openOnLoad = false }: { openOnLoad?: boolean }) {
  const [request, setRequest] = useState<AuthDialogRequest | null>(null);

  useEffect(() => {
    const url = new URL(window.location.href);
    // The proxy sends signed-out staff requests here with ?session=expired&next=<path>.
    if (url.searchParams.get('session') === 'expired') {
      rememberExpiredSession(url.searchParams.get('next'));
      url.searchParams.delete('session');
      url.searchParams.delete('next');
      window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    }
    // A refused single sign-on comes back with its reason's code; the words are this site's own.
    const ssoError = url.searchParams.get('sso_error');
    if (ssoError !== null) {
      url.searchParams.delete('sso_error');
      window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    }
    const token = url.searchParams.get('token');
    const notice = storedSessionMessage();
    // Opening from the address bar happens once, after the first render.
    queueMicrotask(() => {
      if (token) setRequest({ resetToken: token, nonce: Date.now() });
      else if (ssoError !== null) setRequest({ mode: 'login', error: isSsoFailure(ssoError) ? SSO_FAILURE_TEXT[ssoError] : 'Single sign-on did not finish. Sign in again.', nonce: Date.now() });
      else if (notice) setRequest({ mode: 'login', notice, nonce: Date.now() });
      else if (openOnLoad) setRequest({ mode: 'login', nonce: Date.now() });
    });
    const open = () => setRequest({ mode: 'login', notice: storedSessionMessage(), nonce: Date.now() });
    window.addEventListener(OPEN_LOGIN_EVENT, open);
    return () => window.removeEventListener(OPEN_LOGIN_EVENT, open);
  }, [openOnLoad]);

  return request ? <AuthDialog request={request} onClosed={() => setRequest(null)} /> : null;
}
