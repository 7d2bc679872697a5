import 'server-only';
import { AppError, type ValidationIssue } from '@/lib/http/errors';
import type { Operation } from '@/lib/http/operation';
import { route } from '@/lib/http/route';
import { SCIM_CONTENT_TYPE, SCIM_ERROR_SCHEMA } from './schema';

// SCIM's answers: `application/scim+json`, and errors in SCIM's shape ({schemas, status, scimType?,
// detail}, RFC 7644 §3.12) instead of Lantern's {detail, code}: the one place of the API that
// answers another shape, because the identity providers calling it read that one.

export type ScimType = 'invalidFilter' | 'invalidSyntax' | 'invalidValue' | 'uniqueness' | 'mutability' | 'noTarget' | 'invalidPath';

const headersOf = (extra: Record<string, string> = {}) => ({ 'content-type': SCIM_CONTENT_TYPE, 'cache-control': 'no-store', ...extra });

/** A SCIM answer with a body. */
export const scimJson = (body: unknown, status = 200, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: headersOf(headers) });

function scimErrorResponse(status: number, detail: string, scimType?: ScimType, headers: Record<string, string> = {}): Response {
  return scimJson({ schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail }, status, headers);
}

/** A refusal in SCIM's shape (the route's error handling calls `toResponse`, like any AppError's). */
export class ScimError extends AppError {
  constructor(
    status: number,
    detail: string,
    readonly scimType?: ScimType,
    headers: Record<string, string> = {},
  ) {
    super(status, detail, headers);
    this.name = 'ScimError';
  }

  override toResponse(): Response {
    return scimErrorResponse(this.status, this.detail as string, this.scimType, this.headers);
  }
}

export const scimBadRequest = (scimType: ScimType, detail: string) => new ScimError(400, detail, scimType);
export const scimNotFound = (detail = 'No such user in this school') => new ScimError(404, detail);
export const scimUnauthorized = () => new ScimError(401, "A valid SCIM bearer token is required: the school's token from its Single Sign-On settings", undefined, { 'WWW-Authenticate': 'Bearer realm="scim"' });

/** The JSON body's own problems (not JSON, wrong type, too deep, unstorable text): the request is malformed, not a value. */
const SYNTAX_TYPES = new Set(['json_invalid', 'content_type', 'json_too_deep', 'string_unicode']);

const where = (loc: (string | number)[]) => loc.filter((p, i) => !(i === 0 && (p === 'body' || p === 'query' || p === 'path'))).join('.');

/**
 * Lantern's own refusals on the way to a SCIM handler (a body that is not JSON or does not fit the
 * schema: 422 there, 400 here; too large; the database unavailable) in SCIM's shape, headers kept.
 * The per-client limit's 429 keeps the shape every public operation answers it in (Retry-After is
 * what a SCIM client reads).
 */
async function asScim(res: Response): Promise<Response> {
  if (res.status < 400 || res.status === 429 || res.headers.get('content-type')?.startsWith(SCIM_CONTENT_TYPE)) return res;
  const body = (await res.json().catch(() => null)) as { detail?: string | ValidationIssue[] } | null;
  const headers: Record<string, string> = {};
  for (const name of ['retry-after', 'www-authenticate']) {
    const value = res.headers.get(name);
    if (value) headers[name] = value;
  }
  const detail = body?.detail;
  if (Array.isArray(detail)) {
    const syntax = detail.some((issue) => SYNTAX_TYPES.has(issue.type) || where(issue.loc) === '');
    const text = detail.map((issue) => (where(issue.loc) ? `${where(issue.loc)}: ${issue.msg}` : issue.msg)).join('; ');
    return scimErrorResponse(400, text, syntax ? 'invalidSyntax' : 'invalidValue', headers);
  }
  const text = typeof detail === 'string' ? detail : 'The request could not be completed';
  const scimType: ScimType | undefined = res.status === 409 ? 'uniqueness' : res.status === 400 ? 'invalidValue' : undefined;
  return scimErrorResponse(res.status === 422 ? 400 : res.status, text, scimType, headers);
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** The REST route of a SCIM operation (`route(op)`: limit, parsing, handler), every refusal in SCIM's shape. */
export function scimRoute<O extends Operation>(op: O) {
  const serve = route(op);
  return async (req: Request, context: RouteContext): Promise<Response> => asScim(await serve(req, context));
}
