// The typed answer of every staff server action. No server imports: client components read it.

/**
 * Machine-readable reason beside the human text, so screens branch on the code, never the wording.
 * `session_expired` is the only code that ends the visit (the client data layer sends the browser
 * home); `forbidden` means the signed-in role may not do this and is shown in place.
 */
export type ErrorCode = 'session_expired' | 'forbidden' | 'not_found' | 'conflict' | 'invalid' | 'too_large' | 'rate_limited' | 'unavailable' | 'error';

export type ActionFailure = { ok: false; error: string; code: ErrorCode };
export type ActionResult<T> = { ok: true; data: T } | ActionFailure;

export const SESSION_EXPIRED_CODE = 'session_expired' satisfies ErrorCode;

/** The code for an HTTP status (REST answers and AppErrors thrown inside actions). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'session_expired';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 400:
    case 422:
      return 'invalid';
    case 413:
      return 'too_large';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return 'error';
  }
}
