import { codeForStatus, type ErrorCode } from './action-result';

export type ValidationIssue = { loc: (string | number)[]; msg: string; type: string };

/** A failure with an HTTP status; answered as FastAPI-shaped `{detail, code}`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | ValidationIssue[],
    readonly headers: Record<string, string> = {},
    /** Only for kinds the status cannot tell (no_school, session_expired); see `errorCode`. */
    private readonly kind?: ErrorCode,
  ) {
    super(typeof detail === 'string' ? detail : 'Validation error');
    this.name = 'AppError';
  }

  /** The machine-readable code sent beside `detail`: derived here and nowhere else. */
  get code(): ErrorCode {
    return this.kind ?? codeForStatus(this.status);
  }

  toResponse(): Response {
    return Response.json({ detail: this.detail, code: this.code }, { status: this.status, headers: this.headers });
  }
}

export const badRequest = (detail: string) => new AppError(400, detail);
export const unauthorized = (detail = 'Not authenticated') =>
  new AppError(401, detail, { 'WWW-Authenticate': 'Bearer' });
/** A signed-in call whose session is missing or over: the browser must sign in again. */
export const sessionEnded = (detail = 'Not authenticated') => new AppError(401, detail, { 'WWW-Authenticate': 'Bearer' }, 'session_expired');
export const forbidden = (detail = 'Not enough permissions') => new AppError(403, detail);
export const notFound = (detail = 'Not found') => new AppError(404, detail);
/** The 404 of an account that has no school yet; screens ask for the school to be set up. */
export const noSchool = (detail: string) => new AppError(404, detail, {}, 'no_school');
export const conflict = (detail: string) => new AppError(409, detail);
export const tooManyRequests = (retryAfterSeconds: number, detail = 'Too many attempts. Please try again later.') =>
  new AppError(429, detail, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** The work cannot be done now (database down or restarting, pool or storage full); try again after `Retry-After`. */
export const serviceUnavailable = (detail: string, retryAfterSeconds: number) =>
  new AppError(503, detail, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const validationError = (issues: ValidationIssue[]) => new AppError(422, issues);
