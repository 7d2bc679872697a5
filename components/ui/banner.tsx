'use client';

import { useCallback, useState, type ReactNode } from 'react';

const TONES = {
  error: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  warning: 'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100',
  info: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100',
};

/** A message strip; errors and warnings are announced to screen readers. */
export function Banner({ tone, children, onDismiss }: { tone: keyof typeof TONES; children: ReactNode; onDismiss?: () => void }) {
  return (
    <div className={`flex items-start gap-3 rounded-md border px-3 py-2 text-sm ${TONES[tone]}`}>
      <div role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'} className="flex-1">
        {children}
      </div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} aria-label="Dismiss" className="rounded px-1 leading-none opacity-70 hover:opacity-100">
          ×
        </button>
      )}
    </div>
  );
}

/**
 * A screen's error and success messages, one at a time: a new error replaces the success and a new
 * success replaces the error, so a fixed mistake never lingers beside the message that it worked.
 */
export function useMessages() {
  const [messages, setMessages] = useState<{ error: string | null; success: string | null }>({ error: null, success: null });
  const setError = useCallback((error: string | null) => setMessages((m) => ({ error, success: error ? null : m.success })), []);
  const setSuccess = useCallback((success: string | null) => setMessages((m) => ({ success, error: success ? null : m.error })), []);
  return { ...messages, setError, setSuccess };
}

/** The error and success messages of a screen, each dismissible (keep them in useMessages). */
export function MessageBanners({ error, success, onDismissError, onDismissSuccess }: { error: ReactNode | null; success: ReactNode | null; onDismissError: () => void; onDismissSuccess: () => void }) {
  return (
    <>
      {error && (
        <Banner tone="error" onDismiss={onDismissError}>
          {error}
        </Banner>
      )}
      {success && (
        <Banner tone="success" onDismiss={onDismissSuccess}>
          {success}
        </Banner>
      )}
    </>
  );
}

/** A form's validation messages, one per line. */
export function ErrorList({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <Banner tone="error">
      <ul>
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </Banner>
  );
}
