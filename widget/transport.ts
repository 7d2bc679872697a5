import { newSessionId } from './dom';
import { createSseParser } from './sse';

// The chat frame's calls to the widget API (docs/widget.md), same-origin: every call carries the
// school's key and the visitor's token, every body the session's id. Event streams (a chat answer,
// the live chat's events) are read by one reader, readEvents.

/** The school's widget key (from the frame's address). */
let key = '';
/** The visitor's session (chat-store.ts), and its token once the server has handed one out (lib/widget/visitor-token.ts). */
export let session = '';
let token = '';
/** Told of a renewed token or a new session, so the conversation keeps them. */
let changed: (token: string, newSession: boolean) => void = () => {};

export const setKey = (widgetKey: string) => {
  key = widgetKey;
};
export const setSession = (id: string) => {
  session = id;
};
/** The session's token as saved with its conversation; `onChange` keeps the next. */
export const setToken = (saved: string, onChange: typeof changed) => {
  token = saved;
  changed = onChange;
};

/** Calls that may start a session: refused (401) for one whose token this frame lacks, they start a new one and try once more. */
const CLAIMS = /^\/api\/widget\/(chat\/stream|live\/request|handoff|leads)$/;

/** A widget call: a GET, or a POST of `body` with the session's id. */
export async function call(path: string, body?: Record<string, unknown>, again = true): Promise<Response> {
  const headers: Record<string, string> = { 'X-API-Key': key };
  if (token) headers['X-Visitor-Token'] = token;
  if (body) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, body ? { method: 'POST', headers, body: JSON.stringify({ ...body, session_id: session }) } : { headers });
  const renewed = res.headers.get('X-Visitor-Token');
  if (renewed && renewed !== token) {
    token = renewed;
    changed(token, false);
  }
  // A session this frame holds no token for (saved before tokens, or its token lost): a new one.
  if (res.status === 401 && again && body && CLAIMS.test(path)) {
    session = newSessionId();
    token = '';
    changed(token, true);
    return call(path, body, false);
  }
  return res;
}

/** An answer's JSON body, or null. */
export const readJson = (res: Response): Promise<unknown> => res.json().catch(() => null);

export const getJson = <T>(path: string): Promise<T | null> =>
  call(path)
    .then((res) => (res.ok ? (res.json() as Promise<T>) : null))
    .catch(() => null);

/** An event of the visitor's (thumbs, engagement); nobody waits for it. */
export const report = (event: Record<string, unknown>) => {
  call('/api/widget/events', event).catch(() => {});
};

const parseJson = (text: string): Record<string, unknown> | null => {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' ? v : null;
  } catch {
    return null;
  }
};

/** Reads a server-sent event stream to its end: each event by name, its data parsed as JSON. */
export async function readEvents(res: Response, onEvent: (name: string, data: Record<string, unknown> | null) => void) {
  const parser = createSseParser((e) => onEvent(e.event, parseJson(e.data)));
  if (!res.body) {
    parser.push(await res.text());
    return parser.end();
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.push(decoder.decode(value, { stream: true }));
  }
  parser.push(decoder.decode());
  parser.end();
}
