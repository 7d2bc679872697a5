// The client data layer: every browser-side call (server actions and REST) goes through here, so
// loading errors and an ended session are handled one way (docs/architecture.md, Layers). No server
// imports: used by client components.
import { codeForStatus, isErrorCode, SESSION_EXPIRED_CODE, type ActionFailure, type ActionResult, type ErrorCode } from '@/lib/http/action-result';
import { expireSession, SESSION_EXPIRED_MESSAGE } from './session-state';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode = 'unavailable',
  ) {
    super(message);
  }
}

/**
 * The one rule for "the session ended": the server says so with the code `session_expired` (a staff
 * action without a session, or a REST 401 for a missing or expired sign-in). A 403 is not it: the
 * account is signed in but its role may not do this, and signing in again would change nothing, so
 * the screen shows the refusal in place. A 401 without the code (wrong password at sign-in) is an
 * ordinary error too.
 */
export function endsSession(failure: { code?: unknown } | null | undefined): boolean {
  return failure?.code === SESSION_EXPIRED_CODE;
}

const SESSION_FAILURE: ActionFailure = { ok: false, error: SESSION_EXPIRED_MESSAGE, code: 'session_expired' };

/** Whether next-auth still knows the browser's staff session (an empty object when signed out). */
async function sessionGone(): Promise<boolean> {
  try {
    const res = await fetch('/api/auth/session', { cache: 'no-store' });
    if (!res.ok) return false;
    const body = (await res.json()) as { user?: unknown } | null;
    return !body?.user;
  } catch {
    return false;
  }
}

/**
 * Runs one staff server action. Never throws: a call that got no usable answer becomes a failure
 * with `fallback`, unless the session turns out to be gone (the session gate then answers with a
 * redirect, not with the action's result). An ended session sends the browser home with the
 * spec's message and the path to come back to; the failure is still returned so the screen can
 * stop its spinner.
 */
export async function callAction<T>(run: () => Promise<ActionResult<T>>, fallback = 'An error occurred'): Promise<ActionResult<T>> {
  let result: ActionResult<T>;
  try {
    result = await run();
  } catch {
    result = (await sessionGone()) ? SESSION_FAILURE : { ok: false, error: fallback, code: 'unavailable' };
  }
  if (!result.ok && endsSession(result)) expireSession();
  return result;
}

/** The failure for a REST answer that was not 2xx; an ended session is handled here. */
export function failureFrom(status: number, body: unknown, fallback = 'An error occurred'): ActionFailure {
  // The server names the code; an answer without one (a proxy's error page) is read by its status.
  const sent = (body as { code?: unknown } | null)?.code;
  const failure: ActionFailure = { ok: false, error: detailText(body) ?? fallback, code: isErrorCode(sent) ? sent : codeForStatus(status) };
  if (endsSession(failure)) expireSession();
  return failure;
}

/** The `detail` of an error answer as one readable line (validation lists are joined). */
export function detailText(body: unknown): string | null {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    const msgs = detail.map((d) => (d as { msg?: string }).msg).filter(Boolean);
    return msgs.length ? msgs.join('. ') : null;
  }
  return null;
}

/** POST/GET JSON; throws ApiError with the server's detail, or `fallback` when there is none. */
export async function apiJson<T>(path: string, opts: { method?: string; body?: unknown; fallback?: string } = {}): Promise<T> {
  const res = await fetch(path, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: opts.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const failure = failureFrom(res.status, json, opts.fallback);
    throw new ApiError(res.status, failure.error, failure.code);
  }
  return json as T;
}

/**
 * The text a screen shows for a failure: its own wording for the codes it names (e.g. `no_school`
 * → "set up your school first"), else the server's text, else `fallback`. Screens branch on the
 * code here, never on the server's wording.
 */
export function failureText(failure: ActionFailure, texts: Partial<Record<ErrorCode, string>> = {}, fallback?: string): string {
  return texts[failure.code] ?? (failure.error || fallback || 'An error occurred');
}
