'use client';

import { useMessages } from '@/components/ui/banner';
import type { ActionResult } from '@/lib/http/action-result';
import { useScreenData } from '@/lib/web/screen-data';

/**
 * Loads one settings record through the screen data layer. `not_found` ('not set up yet') is not an
 * error: the panel shows its note and the defaults. `no_school` shows the server's
 * text; any other failure shows `failure`.
 */
export function useSettings<T>(key: string, load: () => Promise<ActionResult<T>>, defaults: T, failure: string) {
  // One message at a time: a save that works clears the error it fixed.
  const { error, success, setError, setSuccess } = useMessages();
  const settings = useScreenData(key, load, {
    onError: (f) => {
      if (f.code !== 'not_found') setError(f.code === 'no_school' ? f.error : failure);
    },
  });
  const saved = settings.data !== undefined;
  return {
    value: settings.data ?? defaults,
    /** A saved record replaces the one on screen (and so the "not set up yet" note goes). */
    setValue: settings.setData,
    notSet: !saved && settings.failure?.code === 'not_found',
    loading: settings.loading,
    error,
    setError,
    success,
    setSuccess,
  };
}
