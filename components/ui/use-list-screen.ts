'use client';

import { useState } from 'react';
import type { ZodError } from 'zod';
import type { ActionFailure, ActionResult } from '@/lib/http/action-result';
import { callAction } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';
import { useMessages } from './banner';

/**
 * The state of a list → card → edit/delete → dialog screen: the loaded records, the screen's one
 * error-or-success message, and the one dialog open at a time (`kind` says which, `item` on what).
 * `loadError` turns a failed load into the screen's text (null shows nothing); `items` is what the
 * screen already shows, so a failed background refresh can stay quiet.
 */
export function useListScreen<T, K extends string = 'edit' | 'delete'>(
  key: string,
  load: () => Promise<ActionResult<T[]>>,
  { loadError, pollMs }: { loadError: (failure: ActionFailure, items: T[] | undefined) => string | null; pollMs?: (items: T[] | undefined) => number },
) {
  const messages = useMessages();
  const { setError, setSuccess } = messages;
  const list = useScreenData(key, load, {
    pollMs,
    onError: (failure, items) => {
      const text = loadError(failure, items);
      if (text) setError(text);
    },
  });
  const [dialog, setDialog] = useState<{ kind: K; item: T } | null>(null);

  /** A change worked: close the dialog, say so, and load the list again. */
  const done = (message: string) => {
    setDialog(null);
    setError(null);
    setSuccess(message);
    void list.reload();
  };

  /**
   * Runs one change from a card or a confirmation (delete, reset...). A failure closes the dialog
   * and shows the server's text (or `failure`); a success shows `success` and reloads.
   */
  async function run<R>(action: () => Promise<ActionResult<R>>, texts: { failure: string; success: string }): Promise<ActionResult<R>> {
    const res = await callAction(action);
    if (!res.ok) {
      setDialog(null);
      setError(res.error || texts.failure);
    } else done(texts.success);
    return res;
  }

  return {
    items: list.data ?? [],
    loading: list.loading,
    /** The list never loaded: the screen says so and offers to try again, instead of its empty state. */
    failed: list.data === undefined && list.failure !== null,
    reload: list.reload,
    setItems: list.setData,
    ...messages,
    /** Props for MessageBanners. */
    banners: { error: messages.error, success: messages.success, onDismissError: () => setError(null), onDismissSuccess: () => setSuccess(null) },
    dialog,
    open: (kind: K, item: T) => setDialog({ kind, item }),
    close: () => setDialog(null),
    done,
    run,
  };
}

/** The distinct messages of a failed client-side check, in order. */
export function issueMessages(error: ZodError): string[] {
  return [...new Set(error.issues.map((i) => i.message))];
}

/**
 * A form's own list of problems. `onFailed` lets the screen drop an older success message when a
 * new problem appears, so the two never stand side by side.
 */
export function useFormErrors(onFailed?: () => void) {
  const [errors, setErrors] = useState<string[]>([]);
  const report = (list: string[]) => {
    setErrors(list);
    if (list.length) onFailed?.();
  };
  return { errors, report };
}
