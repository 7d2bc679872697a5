import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MINUTES, sessionKey, timeoutMs, touchSession, visitorSession } from '@/widget/session';

// One visitor, one conversation: which session a page view of the school's site continues.

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
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

  it('starts a new conversation after the timeout without activity', () => {
    const storage = memoryStorage();
    const first = visitorSession(storage, KEY, 30 * MINUTE, 0, newId);
    const later = visitorSession(storage, KEY, 30 * MINUTE, 30 * MINUTE, newId);
    expect(later).not.toBe(first);
    expect(visitorSession(storage, KEY, 30 * MINUTE, 31 * MINUTE, newId)).toBe(later);
  });

  it('activity in the chat restarts the clock', () => {
    const storage = memoryStorage();
    const first = visitorSession(storage, KEY, 10 * MINUTE, 0, newId);
    touchSession(storage, KEY, first, 9 * MINUTE);
    expect(visitorSession(storage, KEY, 10 * MINUTE, 18 * MINUTE, newId)).toBe(first);
  });

  it('ignores malformed or future-dated entries and survives a blocked storage', () => {
    const storage = memoryStorage();
    storage.setItem(sessionKey(KEY), JSON.stringify({ id: '<script>', at: 0 }));
    expect(visitorSession(storage, KEY, MINUTE, 1, newId)).not.toBe('<script>');
    storage.setItem(sessionKey(KEY), JSON.stringify({ id: 'future', at: 10 * MINUTE }));
    expect(visitorSession(storage, KEY, MINUTE, 0, newId)).not.toBe('future');
    storage.setItem(sessionKey(KEY), 'not json');
    expect(visitorSession(storage, KEY, MINUTE, 0, newId)).toMatch(/^s\d+$/);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(visitorSession(blocked, KEY, MINUTE, 0, newId)).toMatch(/^s\d+$/);
    expect(visitorSession(null, KEY, MINUTE, 0, newId)).toMatch(/^s\d+$/);
  });

  it('reads the school’s timeout from the config, 30 minutes otherwise', () => {
    expect(timeoutMs(60)).toBe(60 * MINUTE);
    expect(timeoutMs(undefined)).toBe(DEFAULT_TIMEOUT_MINUTES * MINUTE);
    expect(timeoutMs('10')).toBe(30 * MINUTE);
  });
});
