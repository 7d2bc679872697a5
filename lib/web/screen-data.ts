// The one way a screen loads data (docs/architecture.md, Layers: screens load and change data one way): SWR keeps
// the loading state, the answer and the reload; every load goes through `callAction`, so an ended
// session sends the browser home once, here, and a failure reaches the screen as its code.
// No server imports: used by client components.
import { useCallback } from 'react';
import useSWR, { useSWRConfig, type KeyedMutator } from 'swr';
import type { ActionFailure, ActionResult } from '@/lib/http/action-result';
import { ApiError, callAction, endsSession } from './api';

export type ScreenData<T> = {
  /** The last answer; undefined until the first load works. */
  data: T | undefined;
  /** True while the first load is on its way (a reload keeps the answer on screen). */
  loading: boolean;
  /** The last load's failure (never `session_expired`: that one has already sent the browser home). */
  failure: ActionFailure | null;
  /** Loads again; resolves once the new answer is in. */
  reload: () => Promise<void>;
  /** Replaces the answer on screen without loading (an optimistic change); `reload` corrects it. */
  setData: (next: T | ((current: T | undefined) => T)) => void;
};

export type ScreenDataOptions<T> = {
  /** Called once per failed load with its code and text, and the answer still on screen (if any). */
  onError?: (failure: ActionFailure, current: T | undefined) => void;
  /** Loads again every this many ms while it answers a number above 0 (e.g. while work is running). */
  pollMs?: (data: T | undefined) => number;
  /** Called after each load that worked. */
  onSuccess?: (data: T) => void;
  /** While a new key loads, keep showing the last key's answer (filters). */
  keepPrevious?: boolean;
  /** Text for a load that got no answer at all (offline, server down). */
  fallback?: string;
};

/** The failure a load threw (an ApiError from `loadOrThrow`, or anything unexpected). */
export function failureOf(err: unknown): ActionFailure {
  if (err instanceof ApiError) return { ok: false, error: err.message, code: err.code };
  return { ok: false, error: err instanceof Error ? err.message : 'An error occurred', code: 'unavailable' };
}

/** SWR's fetcher: one load through `callAction` (an ended session sends the browser home there). */
export async function loadOrThrow<T>(load: () => Promise<ActionResult<T>>, fallback?: string): Promise<T> {
  const res = await callAction(load, fallback);
  if (!res.ok) throw new ApiError(0, res.error, res.code);
  return res.data;
}

/** Hands a failed load to the screen, except an ended session: the browser is already going home. */
export function reportFailure<T>(err: unknown, onError: ScreenDataOptions<T>['onError'], current: T | undefined): void {
  const failure = failureOf(err);
  if (!endsSession(failure)) onError?.(failure, current);
}

/**
 * Loads one thing a screen shows. `key` names it (screens showing the same key share one answer);
 * `null` waits. `load` is a staff server action or any call answering an ActionResult.
 */
export function useScreenData<T>(key: string | null, load: () => Promise<ActionResult<T>>, options: ScreenDataOptions<T> = {}): ScreenData<T> {
  // SWR calls the latest fetcher and callbacks of the last render, so inline closures are fine.
  const { cache } = useSWRConfig();
  const { data, error, isLoading, mutate } = useSWR<T, unknown>(
    key,
    () => loadOrThrow(load, options.fallback),
    {
      // A staff screen reloads when the staff member acts, not when the window regains focus.
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      shouldRetryOnError: false,
      refreshInterval: (current) => options.pollMs?.(current) ?? 0,
      keepPreviousData: options.keepPrevious ?? false,
      onSuccess: (next) => options.onSuccess?.(next),
      onError: (err) => reportFailure(err, options.onError, key === null ? undefined : (cache.get(key)?.data as T | undefined)),
    },
  );

  const reload = useCallback(async () => {
    await (mutate as KeyedMutator<T>)();
  }, [mutate]);
  const setData = useCallback(
    (next: T | ((current: T | undefined) => T)) => {
      void mutate((current) => (typeof next === 'function' ? (next as (c: T | undefined) => T)(current) : next), { revalidate: false });
    },
    [mutate],
  );

  const failure = error ? failureOf(error) : null;
  return { data, loading: isLoading && data === undefined, failure: failure && !endsSession(failure) ? failure : null, reload, setData };
}
