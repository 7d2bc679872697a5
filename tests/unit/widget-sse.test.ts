import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from '@/widget/sse';

// The frame reads POST /api/widget/chat/stream with fetch, so the chunks are cut anywhere.

const STREAM =
  'event: delta\ndata: {"text":"Undergraduate tuition "}\n\n' +
  'event: delta\ndata: {"text":"is $12,000."}\n\n' +
  'event: done\ndata: {"response":"Undergraduate tuition is $12,000.","session_id":"s-1","message_index":3}\n\n';

function parse(chunks: string[], end = true): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const c of chunks) parser.push(c);
  if (end) parser.end();
  return events;
}

describe('createSseParser', () => {
  it('reads the delta and done events of the chat stream', () => {
    const events = parse([STREAM]);
    expect(events.map((e) => e.event)).toEqual(['delta', 'delta', 'done']);
    expect(JSON.parse(events[0].data)).toEqual({ text: 'Undergraduate tuition ' });
    expect(JSON.parse(events[2].data)).toEqual({ response: 'Undergraduate tuition is $12,000.', session_id: 's-1', message_index: 3 });
  });

  it('gives the same events however the stream is cut', () => {
    const whole = parse([STREAM]);
    for (let size = 1; size <= 17; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < STREAM.length; i += size) chunks.push(STREAM.slice(i, i + size));
      expect(parse(chunks), `chunks of ${size}`).toEqual(whole);
    }
  });

  it('dispatches an event only at its blank line', () => {
    expect(parse(['event: delta\ndata: {"text":"a"}\n'], false)).toEqual([]);
    expect(parse(['event: delta\ndata: {"text":"a"}\n', '\n'], false)).toHaveLength(1);
  });

  it('accepts CRLF and CR line ends, also when a CRLF is cut in two', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    expect(parse([crlf])).toEqual(parse([STREAM]));
    const cut = crlf.indexOf('\r\n') + 1;
    expect(parse([crlf.slice(0, cut), crlf.slice(cut)])).toEqual(parse([STREAM]));
    expect(parse([STREAM.replace(/\n/g, '\r')])).toEqual(parse([STREAM]));
  });

  it('reads the error event, ignores comments and joins multi-line data', () => {
    const events = parse([': keep-alive\n\nevent: error\ndata: {"detail":"Sorry"}\n\ndata: one\ndata: two\n\n']);
    expect(events).toEqual([
      { event: 'error', data: '{"detail":"Sorry"}' },
      { event: 'message', data: 'one\ntwo' },
    ]);
  });

  it('handles "data:" without a space, a byte order mark and a last event without its blank line', () => {
    expect(parse(['\ufeffevent:done\ndata:{"response":"x"}'])).toEqual([{ event: 'done', data: '{"response":"x"}' }]);
  });

  it('ignores an event with no data', () => {
    expect(parse(['event: delta\n\n'])).toEqual([]);
  });
});
