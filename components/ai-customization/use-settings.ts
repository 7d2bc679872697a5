'use client';

import { useCallback, useEffect, useState } from 'react';
import { useMessages } from '@/components/ui/banner';
import type { ActionResult } from '@/lib/http/action-result';
import { callAction } from '@/lib/web/api';

/**
 * Loads one settings record. A 404 ('not set up yet') is not an error: the panel shows its note and
 * the defaults (spec 001 §4.7).
 */
export function useSettings<T>(load: () => Promise<ActionResult<T>>, defaults: T, failure: string) {
  const [value, setValue] = useState<T>(defaults);
  const [notSet, setNotSet] = useState(false);
  const [loading, setLoading] = useState(true);
  // One message at a time: a save that works clears the error it fixed (issue 14 #17).
  const { error, success, setError, setSuccess } = useMessages();

  const reload = useCallback(async () => {
    const res = await callAction(load);
    setLoading(false);
    if (res.ok) {
      setValue(res.data);
      setNotSet(false);
    }
    else if (/not been set up/i.test(res.error)) setNotSet(true);
    else setError(/no school/i.test(res.error) ? res.error : failure);
  }, [load, failure, setError]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void reload();
  }, [reload]);

  return { value, setValue, notSet, setNotSet, loading, error, setError, success, setSuccess };
}
