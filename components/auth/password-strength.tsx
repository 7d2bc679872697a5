'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { apiJson } from '@/lib/web/api';

export const PASSWORD_CHECK_FAILED = 'Failed to validate password';
export const FIX_PASSWORD_FIRST = 'Please fix the password issues before continuing';
const DEBOUNCE_MS = 300;

export type PasswordCheckResult = {
  is_valid: boolean;
  errors: string[];
  strength: {
    score: number;
    label: string;
    color: string;
    details: { length: number; has_uppercase: boolean; has_lowercase: boolean; has_number: boolean; is_common: boolean };
    suggestions: string[];
  } | null;
};

async function validatePassword(password: string, username: string, email: string): Promise<PasswordCheckResult> {
  try {
    return await apiJson<PasswordCheckResult>('/auth/validate-password', { body: { password, username, email } });
  } catch {
    return { is_valid: false, errors: [PASSWORD_CHECK_FAILED], strength: null };
  }
}

/**
 * Server-side password check, debounced 300 ms after typing. `ensure()` answers for the current
 * password at once (used on submit, when the debounce may not have fired yet).
 */
// Drawn icons, not emoji: an emoji needs a colour-emoji font, which many systems lack.
function WarningIcon() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M10 3 2.5 16.5h15L10 3Z" strokeLinejoin="round" />
      <path d="M10 8.5v3.5M10 14.2v.1" strokeLinecap="round" />
    </svg>
  );
}

function HintIcon() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M7.5 14.5h5M8.5 17h3M10 3a5 5 0 0 0-3 9c.6.5 1 1.2 1 2h4c0-.8.4-1.5 1-2a5 5 0 0 0-3-9Z" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function usePasswordCheck(password: string, username = '', email = '') {
  const [result, setResult] = useState<{ for: string; check: PasswordCheckResult } | null>(null);
  const latest = useRef({ password, username, email });
  useEffect(() => {
    latest.current = { password, username, email };
  });

  useEffect(() => {
    if (!password) return;
    const timer = setTimeout(async () => {
      const check = await validatePassword(password, username, email);
      if (latest.current.password === password) setResult({ for: password, check });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [password, username, email]);

  const current = password && result?.for === password ? result.check : null;
  const ensure = useCallback(async (): Promise<PasswordCheckResult> => {
    const { password: p, username: u, email: e } = latest.current;
    if (result?.for === p) return result.check;
    const check = await validatePassword(p, u, e);
    setResult({ for: p, check });
    return check;
  }, [result]);

  return { result: current, ensure };
}

function Requirement({ met, children }: { met: boolean; children: string }) {
  return (
    <li className={met ? 'text-emerald-800 dark:text-emerald-300' : 'text-slate-700 dark:text-slate-300'}>
      <span aria-hidden="true">{met ? '✓' : '○'}</span> {children}
      <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
    </li>
  );
}

/** The requirements with marks, errors, suggestions and a strength bar. */
export function PasswordStrength({ password, result }: { password: string; result: PasswordCheckResult | null }) {
  if (!password) return null;
  const details = result?.strength?.details;
  const length = details?.length ?? password.length;
  return (
    <div className="mt-2 space-y-2 text-xs" aria-live="polite" data-testid="password-strength">
      {result?.strength && (
        <div>
          <div className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700" aria-hidden="true">
            <div className="h-full rounded transition-all" style={{ width: `${Math.max(result.strength.score, 5)}%`, backgroundColor: result.strength.color }} />
          </div>
          <p className="mt-1 font-medium text-slate-800 dark:text-slate-200">
            Strength: <span>{result.strength.label}</span>
          </p>
        </div>
      )}
      <ul className="grid grid-cols-1 gap-0.5 sm:grid-cols-2">
        <Requirement met={length >= 12}>At least 12 characters</Requirement>
        <Requirement met={details ? details.has_uppercase : /\p{Lu}/u.test(password)}>An uppercase letter</Requirement>
        <Requirement met={details ? details.has_lowercase : /\p{Ll}/u.test(password)}>A lowercase letter</Requirement>
        <Requirement met={details ? details.has_number : /\d/.test(password)}>A number</Requirement>
        <Requirement met={details ? !details.is_common : false}>Not a common password</Requirement>
      </ul>
      {result && result.errors.length > 0 && (
        <ul className="space-y-0.5 text-red-800 dark:text-red-300">
          {result.errors.map((e) => (
            <li key={e} className="flex items-start gap-1.5">
              <WarningIcon /> <span>{e}</span>
            </li>
          ))}
        </ul>
      )}
      {result?.strength && result.strength.suggestions.length > 0 && (
        <ul className="space-y-0.5 text-slate-700 dark:text-slate-300">
          {result.strength.suggestions.map((s) => (
            <li key={s} className="flex items-start gap-1.5">
              <HintIcon /> <span>{s}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
