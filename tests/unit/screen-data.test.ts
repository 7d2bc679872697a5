import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionResult } from '@/lib/http/action-result';
import { ApiError } from '@/lib/web/api';
import { failureOf, loadOrThrow, reportFailure } from '@/lib/web/screen-data';
import { SESSION_EXPIRED_MESSAGE } from '@/lib/web/session-state';

// The screen data layer: its loader and failure hand-off, as SWR calls them.

class MemoryStorage {
  private data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

describe('useScreenData loader', () => {
  const assign = vi.fn();
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('window', { sessionStorage: new MemoryStorage(), location: { pathname: '/dashboard/training-room', search: '', assign } });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
    fetchMock.mockReset();
  });

  it('answers the data of a load that worked', async () => {
    expect(await loadOrThrow(async (): Promise<ActionResult<number[]>> => ({ ok: true, data: [1, 2] }))).toEqual([1, 2]);
  });

  it('throws the failure with its code, which the screen receives', async () => {
    const err = await loadOrThrow(async () => ({ ok: false as const, error: 'No school associated with this account', code: 'no_school' as const })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const onError = vi.fn();
    reportFailure(err, onError, undefined);
    expect(onError).toHaveBeenCalledWith({ ok: false, error: 'No school associated with this account', code: 'no_school' }, undefined);
    expect(assign).not.toHaveBeenCalled();
  });

  it('an ended session goes home once and is not reported to the screen', async () => {
    const err = await loadOrThrow(async () => ({ ok: false as const, error: SESSION_EXPIRED_MESSAGE, code: 'session_expired' as const })).catch((e: unknown) => e);
    expect(assign).toHaveBeenCalledWith('/');
    const onError = vi.fn();
    reportFailure(err, onError, [1]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('a load that got no answer is `unavailable` with the screen fallback text', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ user: { name: 'Ada' } }));
    const err = await loadOrThrow(() => Promise.reject(new TypeError('Failed to fetch')), 'Failed to load web links').catch((e: unknown) => e);
    expect(failureOf(err)).toEqual({ ok: false, error: 'Failed to load web links', code: 'unavailable' });
    const onError = vi.fn();
    reportFailure(err, onError, ['shown']);
    // The answer still on screen is passed along, so a background refresh can stay quiet.
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'unavailable' }), ['shown']);
  });
});
