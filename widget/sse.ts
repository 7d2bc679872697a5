// A small reader for the server-sent events of POST /api/widget/chat/stream (docs/widget.md). The
// stream is read with fetch (EventSource cannot POST or send headers), so chunks arrive cut at any
// byte: lines are buffered until complete and an event is dispatched at its blank line.

export type SseEvent = { event: string; data: string };

export type SseParser = {
  /** Feeds decoded text, cut anywhere. */
  push: (chunk: string) => void;
  /** The stream ended: a last event without its blank line is still delivered. */
  end: () => void;
};

export function createSseParser(onEvent: (e: SseEvent) => void): SseParser {
  let buffer = '';
  let name = '';
  let data: string[] = [];
  let first = true;

  const dispatch = () => {
    if (data.length) onEvent({ event: name || 'message', data: data.join('\n') });
    name = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text[0] === ':') return; // a comment (keep-alive)
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value[0] === ' ') value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  };

  const drain = (final: boolean) => {
    for (;;) {
      const at = buffer.search(/[\r\n]/);
      if (at < 0) break;
      // A "\r" at the very end may be the first half of "\r\n": wait for the next chunk.
      if (buffer[at] === '\r' && at === buffer.length - 1 && !final) break;
      const skip = buffer[at] === '\r' && buffer[at + 1] === '\n' ? 2 : 1;
      line(buffer.slice(0, at));
      buffer = buffer.slice(at + skip);
    }
  };

  return {
    push(chunk) {
      if (first && chunk) {
        first = false;
        if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      }
      buffer += chunk;
      drain(false);
    },
    end() {
      drain(true);
      if (buffer) line(buffer);
      buffer = '';
      dispatch();
    },
  };
}
