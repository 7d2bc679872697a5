'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';

/** A success message that clears itself after `ms`. */
export function useTransientMessage(ms: number) {
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  useEffect(() => {
    if (message?.tone !== 'success') return;
    const t = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(t);
  }, [message, ms]);
  return [message, setMessage] as const;
}

export function Switch({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${checked ? 'bg-brand-700' : 'bg-slate-400 dark:bg-slate-600'}`}
      >
        <span aria-hidden="true" className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${checked ? 'translate-x-5' : 'translate-x-0.5'}`} />
      </button>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {hint && <span className="text-sm text-slate-600 dark:text-slate-400">{hint}</span>}
    </div>
  );
}

export type SubmitEvent = FormEvent<HTMLFormElement>;
