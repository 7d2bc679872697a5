import { describe, expect, it } from 'vitest';
import { storageKey as chatKey } from '@/widget/chat';
import { DEFAULT_TIMEOUT_MINUTES, keepOpen, loadConversation, saveConversation, sessionKey, timeoutMs, visitorSession, wasOpen, withPerson } from '@/widget/session';

// One visitor, one conversation: which session a page view of the school's site continues.

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data };
}

const KEY = 'lw_abcdefghijklmnop';
const MINUTE = 60_000;
let n = 0;
const newId = () => `s${++n}`;

describe('visitorSession', () => {
  it('continues the saved session across page views while the visitor is active within the timeout', () => {
    const storage = memoryStorage();
    const first = visitorSession(storage, KEY, 30 * MINUTE, 0, newId);
    expect(visitorSession(storage, KEY, 30 * MINUTE, 29 * MINUTE, newId)).toBe(first);
    // Each page view counts as activity: 29 minutes after the last one is still the same visit.
    expect(visitorSession(storage, KEY, 30 * MINUTE, 58 * MINUTE, newId)).toBe(first);
    expect(JSON.parse(storage.data.get(sessionKey(KEY))!)).toEqual({ id: first, at: 58 * MINUTE });
  });

  it('starts a new conversation after the timeout without activity, and forgets the old one', () => {
    const storage = memoryStorage();
    const first = visitorSession(storage, KEY, 30 * MINUTE, 0, newId);
    saveConversation(storage, KEY, first, '{"messages":[]}', 0);
    const later = visitorSession(storage, KEY, 30 * MINUTE, 30 * MINUTE, newId);
    expect(later).not.toBe(first);
    expect(storage.data.has(chatKey(first))).toBe(false);
    expect(visitorSession(storage, KEY, 30 * MINUTE, 31 * MINUTE, newId)).toBe(later);
  });

  it('keeps the frame’s conversation for the session; saving it restarts the clock', () => {
    const storage = memoryStorage();
    const first = visitorSession(storage, KEY, 10 * MINUTE, 0, newId);
    expect(loadConversation(storage, first)).toBeNull();
    saveConversation(storage, KEY, first, '{"messages":[{"role":"user","text":"Hi"}]}', 9 * MINUTE);
    expect(visitorSession(storage, KEY, 10 * MINUTE, 18 * MINUTE, newId)).toBe(first);
    expect(loadConversation(storage, first)).toBe('{"messages":[{"role":"user","text":"Hi"}]}');
    // Only text, and not without bound, is kept for the page.
    saveConversation(storage, KEY, first, { messages: [] }, 19 * MINUTE);
    saveConversation(storage, KEY, first, 'x'.repeat(500_000), 19 * MINUTE);
    expect(loadConversation(storage, first)).toBe('{"messages":[{"role":"user","text":"Hi"}]}');
  });

  it('ignores malformed or future-dated entries and survives a blocked storage', () => {
    const storage = memoryStorage();
    storage.setItem(sessionKey(KEY), JSON.stringify({ id: '<script>', at: 0 }));
    expect(visitorSession(storage, KEY, MINUTE, 1, newId)).not.toBe('<script>');
    storage.setItem(sessionKey(KEY), JSON.stringify({ id: 'future', at: 10 * MINUTE }));
    expect(visitorSession(storage, KEY, MINUTE, 0, newId)).not.toBe('future');
    storage.setItem(sessionKey(KEY), 'not json');
    expect(visitorSession(storage, KEY, MINUTE, 0, newId)).toMatch(/^s\d+$/);
    const fail = () => {
      throw new Error('SecurityError');
    };
    const blocked = { getItem: fail, setItem: fail, removeItem: fail };
    expect(loadConversation(blocked, 'x')).toBeNull();
    expect(() => saveConversation(blocked, KEY, 'x', '{}', 0)).not.toThrow();
    expect(visitorSession(blocked, KEY, MINUTE, 0, newId)).toMatch(/^s\d+$/);
    expect(visitorSession(null, KEY, MINUTE, 0, newId)).toMatch(/^s\d+$/);
  });

  it('reads the school’s timeout from the config, 30 minutes otherwise', () => {
    expect(timeoutMs(60)).toBe(60 * MINUTE);
    expect(timeoutMs(undefined)).toBe(DEFAULT_TIMEOUT_MINUTES * MINUTE);
    expect(timeoutMs('10')).toBe(30 * MINUTE);
  });
});

describe('a conversation with a person across pages (issue 48 item 5)', () => {
  it('is read from the saved conversation: waiting or talking, not after the chat is back with the assistant or the visit timed out', () => {
    const storage = memoryStorage();
    const id = visitorSession(storage, KEY, 30 * MINUTE, 0, newId);
    expect(withPerson(storage, id)).toBe(false);
    for (const live of ['waiting', 'active']) {
      saveConversation(storage, KEY, id, JSON.stringify({ messages: [], engaged: true, live }), MINUTE);
      expect(withPerson(storage, id)).toBe(true);
    }
    saveConversation(storage, KEY, id, JSON.stringify({ messages: [], engaged: true }), 2 * MINUTE);
    expect(withPerson(storage, id)).toBe(false);
    // Words of a message that look like the field are not the field.
    saveConversation(storage, KEY, id, JSON.stringify({ messages: [{ role: 'user', text: '"live":"active"' }] }), 3 * MINUTE);
    expect(withPerson(storage, id)).toBe(false);
    saveConversation(storage, KEY, id, JSON.stringify({ messages: [], live: 'active' }), 4 * MINUTE);
    const next = visitorSession(storage, KEY, 30 * MINUTE, 40 * MINUTE, newId);
    expect(withPerson(storage, next)).toBe(false);
    expect(withPerson(storage, id)).toBe(false);
  });

  it('remembers whether the chat opens on the next page, and survives a blocked storage', () => {
    const storage = memoryStorage();
    expect(wasOpen(storage, KEY)).toBe(false);
    keepOpen(storage, KEY, true);
    expect(wasOpen(storage, KEY)).toBe(true);
    // Per widget key: another school's widget on the same site is not opened.
    expect(wasOpen(storage, 'lw_zzzzzzzzzzzzzzzz')).toBe(false);
    keepOpen(storage, KEY, false);
    expect(wasOpen(storage, KEY)).toBe(false);
    const fail = () => {
      throw new Error('SecurityError');
    };
    const blocked = { getItem: fail, setItem: fail, removeItem: fail };
    expect(() => keepOpen(blocked, KEY, true)).not.toThrow();
    expect(wasOpen(blocked, KEY)).toBe(false);
    expect(withPerson(blocked, 'x')).toBe(false);
    expect(withPerson(null, 'x')).toBe(false);
  });
});
