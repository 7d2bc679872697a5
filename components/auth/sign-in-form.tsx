'use client';

import { signIn } from 'next-auth/react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/** A plain e-mail and password sign-in over the web session (the full dialog of spec 000 §2.1 replaces it). */
export function SignInForm({ versionLabel }: { versionLabel: string }) {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const expired = params.get('session') === 'expired';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await signIn('credentials', {
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      redirect: false,
    });
    setBusy(false);
    if (!result || result.error) {
      setError(result?.error && result.error !== 'CredentialsSignin' ? result.error : 'An error occurred');
      return;
    }
    const next = params.get('next');
    router.push(next && next.startsWith('/') && !next.startsWith('//') ? next : '/dashboard');
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
      <h2 className="text-2xl font-semibold">Welcome Back</h2>
      {expired && !error && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {SESSION_EXPIRED}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <label className="block text-sm font-medium">
        E-mail
        <input name="email" type="email" required autoComplete="email" className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 dark:bg-slate-900" />
      </label>
      <label className="block text-sm font-medium">
        Password
        <input name="password" type="password" required autoComplete="current-password" className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 dark:bg-slate-900" />
      </label>
      <button type="submit" disabled={busy} className="w-full rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60">
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
      <p className="text-center text-xs text-slate-500">{versionLabel}</p>
    </form>
  );
}
