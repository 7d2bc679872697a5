'use client';

import { useCallback, useEffect, useState } from 'react';
import { expireSession } from '@/lib/web/session-state';

type Result<T> = { ok: true; data: T } | { ok: false; error: string; unauthorized?: boolean };

/**
 * Loads one settings record. A 404 ('not set up yet') is not an error: the panel shows its note and
 * the defaults (spec 001 §4.7).
 */
export function useSettings<T>(load: () => Promise<Result<T>>, defaults: T, failure: string) {
  const [value, setValue] = useState<T>(defaults);
  const [notSet, setNotSet] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const res = await load().catch((): Result<T> => ({ ok: false, error: '' }));
    setLoading(false);
    if (res.ok) {
      setValue(res.data);
      setNotSet(false);
    } else if (res.unauthorized) expireSession();
    else if (/not been set up/i.test(res.error)) setNotSet(true);
    else setError(/no school/i.test(res.error) ? res.error : failure);
  }, [load, failure]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload]);

  return { value, setValue, notSet, setNotSet, loading, error, setError };
}
