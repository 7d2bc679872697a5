// The typed answer of every staff server action. No server imports: client components read it.

/**
 * Machine-readable reason beside the human text, so screens branch on the code, never the wording.
 * `session_expired` is the only code that ends the visit (the client data layer sends the browser
 * home); `unauthorized` (a wrong password, a bad token) and `forbidden` (a role that may not act)
 * are shown in place. `no_school` is the 404 of an account with no school yet, so screens can ask
 * for the school to be set up instead of saying "not found".
 */
export const ERROR_CODES = ['session_expired', 'unauthorized', 'forbidden', 'not_found', 'no_school', 'validation', 'conflict', 'rate_limited', 'unavailable'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type ActionFailure = { ok: false; error: string; code: ErrorCode };
export type ActionResult<T> = { ok: true; data: T } | ActionFailure;

export const SESSION_EXPIRED_CODE = 'session_expired' satisfies ErrorCode;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The one mapping from an HTTP status to a code (REST answers, AppErrors inside actions, and a REST
 * answer that came without one). Kinds a status cannot tell apart (`no_school`, `session_expired`)
 * are named by the AppError that raises them.
 */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 400:
    case 413:
    case 422:
      return 'validation';
    case 429:
      return 'rate_limited';
    default:
      // 500, 502, 503 and anything unexpected: the work could not be done now.
      return 'unavailable';
  }
}
