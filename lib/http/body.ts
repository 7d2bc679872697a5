import { AppError, validationError, type ValidationIssue } from './errors';

// The one reader of JSON request bodies, for the REST routes and the public widget API alike: size,
// nesting depth and storable text are checked before a handler (or the database) sees anything.

export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** No documented body nests deeper than a few levels; this leaves ample room and bounds the work. */
export const MAX_JSON_DEPTH = 32;

const tooLarge = () => new AppError(413, 'Request body too large');

/** Reads the body as UTF-8 text, giving up as soon as it passes `maxBytes` (a chunked body has no length to trust). */
export async function readTextCapped(req: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge();
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        void reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // A client that goes away mid-body (a closed tab) is not a server error.
    throw new AppError(400, 'The request body could not be read');
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/**
 * The deepest nesting of arrays and objects in a JSON text, counted without parsing and without
 * recursion; stops counting once past `limit`.
 */
export function jsonNestingDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return deepest;
}

const UNSTORABLE = { msg: 'Text contains characters that cannot be stored', type: 'string_unicode' };

/** Text Postgres can store: no NUL, no unpaired surrogates. */
export const isStorableText = (value: string) => !value.includes('\0') && value.isWellFormed();

/**
 * Postgres text cannot hold NUL or unpaired surrogates: refuse them (in values and keys) before any
 * handler runs, rather than fail in the database. Walks with an explicit stack, so no input can
 * exhaust the call stack.
 */
export function assertStorableText(value: unknown, loc: (string | number)[]): void {
  // Paths are kept as parent links and spelled out only for the error, so a big array costs little.
  type Path = { key: string | number; parent: Path | null } | null;
  const locOf = (path: Path) => {
    const keys: (string | number)[] = [];
    for (let p = path; p; p = p.parent) keys.push(p.key);
    return [...loc, ...keys.reverse()];
  };
  const stack: { value: unknown; path: Path }[] = [{ value, path: null }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) throw validationError([{ loc: locOf(path), ...UNSTORABLE }]);
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (v[i] && typeof v[i] !== 'number' && typeof v[i] !== 'boolean') stack.push({ value: v[i], path: { key: i, parent: path } });
    } else if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        if (!isStorableText(key)) throw validationError([{ loc: locOf(path), ...UNSTORABLE }]);
        stack.push({ value: child, path: { key, parent: path } });
      }
    }
  }
}

export type JsonBodyOptions = {
  /** The body may be absent altogether (logout). */
  optional?: boolean;
  /** The widget may send its JSON as text/plain (a simple CORS request); REST callers must say JSON. */
  anyContentType?: boolean;
};

const issue = (msg: string, type: string): ValidationIssue[] => [{ loc: ['body'], msg, type }];

/** Reads and checks a JSON body: 413 past 1 MiB, 422 for a wrong type, bad JSON, deep nesting or unstorable text. */
export async function readJsonBody(req: Request, opts: JsonBodyOptions = {}): Promise<unknown> {
  const text = await readTextCapped(req);
  if (text.trim() === '') {
    if (opts.optional) return undefined;
    throw validationError([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
  }
  if (!opts.anyContentType) {
    const type = req.headers.get('content-type') ?? '';
    if (!/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
      throw validationError(issue('Expected a JSON body (Content-Type: application/json)', 'content_type'));
    }
  }
  if (jsonNestingDepth(text) > MAX_JSON_DEPTH) {
    throw validationError(issue(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, 'json_too_deep'));
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw validationError(issue(`JSON decode error: ${(err as Error).message}`, 'json_invalid'));
  }
  assertStorableText(value, ['body']);
  return value;
}
