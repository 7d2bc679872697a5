import type { ErrorCode } from './action-result';

export type ValidationIssue = { loc: (string | number)[]; msg: string; type: string };

/** A failure with an HTTP status; answered as FastAPI-shaped `{detail}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | ValidationIssue[],
    readonly headers: Record<string, string> = {},
    /** Sent beside `detail` when a client must act on it (see lib/http/action-result.ts). */
    readonly code?: ErrorCode,
  ) {
    super(typeof detail === 'string' ? detail : 'Validation error');
    this.name = 'AppError';
  }

  toResponse(): Response {
    return Response.json(this.code ? { detail: this.detail, code: this.code } : { detail: this.detail }, { status: this.status, headers: this.headers });
  }
}

export const badRequest = (detail: string) => new AppError(400, detail);
export const unauthorized = (detail = 'Not authenticated') =>
  new AppError(401, detail, { 'WWW-Authenticate': 'Bearer' });
/** A signed-in call whose session is missing or over: the browser must sign in again (spec 000 §4). */
export const sessionEnded = (detail = 'Not authenticated') => new AppError(401, detail, { 'WWW-Authenticate': 'Bearer' }, 'session_expired');
export const forbidden = (detail = 'Not enough permissions') => new AppError(403, detail);
export const notFound = (detail = 'Not found') => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);
export const tooManyRequests = (retryAfterSeconds: number, detail = 'Too many attempts. Please try again later.') =>
  new AppError(429, detail, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const validationError = (issues: ValidationIssue[]) => new AppError(422, issues);
