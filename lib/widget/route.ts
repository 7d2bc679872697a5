import 'server-only';
import type { z } from 'zod';
import { readJsonBody } from '@/lib/http/body';
import { errorResponse } from '@/lib/http/route';
import type { Operation } from '@/lib/http/operation';
import { parseWith } from '@/lib/http/validation';
import { limitPublicCall } from '@/lib/security/public-limit';
import { authorizeWidget, isOriginRefusal, preflight, withCors, type WidgetCaller } from './access';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

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
      await limitPublicCall(op, req);
      const caller = await authorizeWidget(req);
      const body = op.body ? parseWith(op.body, await readJsonBody(req, { anyContentType: true }), 'body') : undefined;
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

export const widgetPreflight = (req: Request) => preflight(req).catch(errorResponse);
