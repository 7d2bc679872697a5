import 'server-only';
import type { z } from 'zod';
import { errorResponse, MAX_JSON_BODY_BYTES } from '@/lib/http/route';
import { AppError, validationError } from '@/lib/http/errors';
import type { Operation } from '@/lib/http/operation';
import { parseWith } from '@/lib/http/validation';
import { authorizeWidget, isOriginRefusal, preflight, withCors, type WidgetCaller } from './access';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

async function readBody(req: Request): Promise<unknown> {
  // A client that goes away mid-body (a closed tab) is not a server error.
  const text = await req.text().catch(() => {
    throw new AppError(400, 'The request body could not be read');
  });
  if (text.length > MAX_JSON_BODY_BYTES) throw new AppError(413, 'Request body too large');
  if (!text.trim()) throw validationError([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
  // Browsers may send the widget's JSON as text/plain; the body must still be JSON.
  try {
    return JSON.parse(text);
  } catch (err) {
    throw validationError([{ loc: ['body'], msg: `JSON decode error: ${(err as Error).message}`, type: 'json_invalid' }]);
  }
}

/**
 * A public widget API handler: the key and the calling page are judged first (so a refused site
 * learns nothing else), then the body is parsed; every answer to an allowed page carries CORS headers.
 */
export function widgetRoute<O extends Operation>(op: O, handler: (input: { req: Request; caller: WidgetCaller; body: Infer<O['body']> }) => Promise<unknown> | unknown) {
  return async (req: Request): Promise<Response> => {
    const started = performance.now();
    let res: Response;
    let refused = false;
    try {
      const caller = await authorizeWidget(req);
      const body = op.body ? parseWith(op.body, await readBody(req), 'body') : undefined;
      const result = await handler({ req, caller, body: body as Infer<O['body']> });
      res = result instanceof Response ? result : Response.json(result ?? null, { status: op.status ?? 200 });
    } catch (err) {
      refused = isOriginRefusal(err);
      res = errorResponse(err);
    }
    // The server's own time for the answer (to its first byte when streamed), for monitoring and bench/chat.ts.
    res.headers.set('Server-Timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
    if (refused) return res;
    res.headers.set('Timing-Allow-Origin', req.headers.get('origin') ?? '*');
    return withCors(res, req);
  };
}

export const widgetPreflight = () => preflight();
