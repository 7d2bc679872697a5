import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callAction, failureFrom, apiJson, ApiError } from '@/lib/web/api';
import { SESSION_EXPIRED_MESSAGE, storedSessionMessage, takeRedirectAfterLogin } from '@/lib/web/session-state';

// The client data layer: one rule for an ended session, for every action and call.

class MemoryStorage {
  private data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

const session = vi.hoisted(() => ({ ctx: null as unknown }));
vi.mock('@/lib/auth/web-session', () => ({
  getStaffSession: async () => {
    // An Error here stands for a session check the database could not answer.
    if (session.ctx instanceof Error) throw session.ctx;
    return session.ctx;
  },
}));

describe('client data layer', () => {
  const assign = vi.fn();
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('window', { sessionStorage: new MemoryStorage(), location: { pathname: '/dashboard/school', search: '', assign } });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
    fetchMock.mockReset();
  });

  it('sends the browser home with the message when an action answers session_expired', async () => {
    const res = await callAction(async () => ({ ok: false as const, error: SESSION_EXPIRED_MESSAGE, code: 'session_expired' as const }));
    expect(res).toMatchObject({ ok: false, code: 'session_expired' });
    expect(assign).toHaveBeenCalledWith('/');
    expect(storedSessionMessage()).toBe(SESSION_EXPIRED_MESSAGE);
    expect(takeRedirectAfterLogin()).toBe('/dashboard/school');
  });

  it('shows a refusal (403, forbidden) in place without ending the visit', async () => {
    const res = await callAction(async () => ({ ok: false as const, error: 'Not enough permissions', code: 'forbidden' as const }));
    expect(res).toEqual({ ok: false, error: 'Not enough permissions', code: 'forbidden' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('a call with no usable answer ends the visit only when the session is gone', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({}));
    const gone = await callAction(() => Promise.reject(new Error('An unexpected response was received from the server.')), 'Failed to save persona settings');
    expect(gone).toMatchObject({ ok: false, code: 'session_expired' });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', expect.anything());
    expect(assign).toHaveBeenCalledTimes(1);

    assign.mockReset();
    fetchMock.mockResolvedValueOnce(Response.json({ user: { name: 'Ada' } }));
    const offline = await callAction(() => Promise.reject(new TypeError('Failed to fetch')), 'Failed to save persona settings');
    expect(offline).toEqual({ ok: false, error: 'Failed to save persona settings', code: 'unavailable' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('REST: a 401 carrying session_expired ends the visit; a wrong password (401 without it) and a 403 do not', async () => {
    expect(failureFrom(403, { detail: 'Not enough permissions' })).toEqual({ ok: false, error: 'Not enough permissions', code: 'forbidden' });
    expect(failureFrom(401, { detail: 'Incorrect email or password' }).code).toBe('unauthorized');
    expect(assign).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(Response.json({ detail: 'Not authenticated', code: 'session_expired' }, { status: 401 }));
    const err = await apiJson('/files/').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('session_expired');
    expect(assign).toHaveBeenCalledWith('/');
  });
});

describe('staffAction', () => {
  afterEach(() => {
    session.ctx = null;
  });

  it('answers session_expired without a session, and the codes of errors thrown inside', async () => {
    const { staffAction } = await import('@/lib/http/action');
    const { z } = await import('zod');
    const { AppError, forbidden } = await import('@/lib/http/errors');
    session.ctx = null;
    expect(await staffAction(z.undefined(), undefined, async () => 1)).toEqual({ ok: false, error: SESSION_EXPIRED_MESSAGE, code: 'session_expired' });
    session.ctx = { user: { id: 1 }, role: 'admin', schoolId: 1 };
    expect(await staffAction(z.undefined(), undefined, async () => 1)).toEqual({ ok: true, data: 1 });
    expect(await staffAction(z.undefined(), undefined, () => Promise.reject(forbidden()))).toMatchObject({ ok: false, code: 'forbidden' });
    // A 401 from inside (a wrong current password) is a refused input, not an ended session.
    expect(await staffAction(z.undefined(), undefined, () => Promise.reject(new AppError(401, 'Incorrect password')))).toMatchObject({ ok: false, code: 'unauthorized' });
  });

  it('answers unavailable, not a thrown 500, when the database cannot check the session (a restart)', async () => {
    const { staffAction } = await import('@/lib/http/action');
    const { z } = await import('zod');
    const { FAULT_DETAIL } = await import('@/db/faults');
    session.ctx = Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) });
    let ran = false;
    const result = await staffAction(z.undefined(), undefined, async () => (ran = true));
    expect(result).toEqual({ ok: false, error: FAULT_DETAIL.unavailable, code: 'unavailable' });
    expect(ran).toBe(false);
  });
});

describe('session gate (proxy.ts)', () => {
  it('lets a signed-out server action through to answer session_expired, and sends a signed-out page view home', async () => {
    const { proxy } = await import('@/proxy');
    const action = await proxy(new NextRequest('http://localhost/dashboard/school', { method: 'POST', headers: { 'next-action': 'abc123' } }));
    expect(action.headers.get('location')).toBeNull();
    const page = await proxy(new NextRequest('http://localhost/dashboard/school'));
    expect(page.status).toBe(307);
    expect(new URL(page.headers.get('location')!).searchParams.get('next')).toBe('/dashboard/school');
  });
});
