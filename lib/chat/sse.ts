import 'server-only';
import { databaseFault, FAULT_DETAIL, FAULT_RETRY_AFTER } from '@/db/faults';
import { ModelFailure, replyTo, type Turn } from './engine';
import { logError, logValue, errorText } from '@/lib/system/log';
import { TEXTS } from '@/widget/i18n';

// POST /api/widget/chat/stream answers server-sent events: `delta` pieces as the model writes,
// then `done` with the stored message's index, or `error` {detail, code} (docs/widget.md).

function event(name: string, data: unknown): Uint8Array {
  return new TextEncoder().encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
}

export function turnEventStream(turn: Turn, headers: Record<string, string> = {}): Response {
  // A visitor who leaves mid-answer (the stream cancelled) still has the turn stored: the writes stop, the work does not.
  let gone = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (bytes: Uint8Array) => {
        if (gone) return;
        try {
          controller.enqueue(bytes);
        } catch {
          gone = true;
        }
      };
      let answer = '';
      try {
        for await (const piece of turn.textStream) {
          answer += piece;
          send(event('delta', { text: piece }));
        }
        send(event('done', await replyTo(turn, answer)));
      } catch (err) {
        const fault = databaseFault(err);
        if (fault) {
          // The answer could not be stored (the database is restarting): not acknowledged, so the
          // visitor may send it again; said as a 503 would, since the 200 status is already sent.
          console.warn(`[chat] database ${fault}: the answer may not have been stored: ${logValue(errorText(err))}`);
          send(event('error', { detail: FAULT_DETAIL[fault], code: 'unavailable', retry_after: FAULT_RETRY_AFTER[fault] }));
        } else {
          if (!(err instanceof ModelFailure)) console.error(`[chat] stream failed ${logError(err)}`);
          else console.warn(`[chat] the model failed: ${logValue((err.reason as Error)?.message ?? err.reason)}`);
          send(event('error', { detail: TEXTS.en.failure, code: 'unavailable' }));
        }
      }
      if (gone) return;
      controller.close();
    },
    cancel() {
      gone = true;
    },
  });
  return new Response(body, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no', ...headers },
  });
}
