import { describe, expect, it } from 'vitest';
import { HISTORY_USED, MESSAGE_MAX as SERVER_MESSAGE_MAX } from '@/lib/chat/schema';
import { TEXTS } from '@/widget/i18n';
import {
  CARD_AFTER_ANSWERS,
  cardWanted,
  errorDetail,
  historyFor,
  HISTORY_SENT,
  leadValue,
  loadChat,
  MESSAGE_MAX,
  refusalText,
  saveChat,
  storageKey,
  type ChatMessage,
  type SavedChat,
} from '@/widget/chat';

// The chat frame's rules that do not need a page.

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
    data,
  };
}

describe('historyFor', () => {
  it('sends the last ten messages as role and content', () => {
    expect(HISTORY_SENT).toBe(HISTORY_USED);
    expect(MESSAGE_MAX).toBe(SERVER_MESSAGE_MAX);
    const messages: ChatMessage[] = Array.from({ length: 14 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', text: `m${i}`, index: i % 2 ? i : undefined }));
    const history = historyFor(messages);
    expect(history).toHaveLength(10);
    expect(history[0]).toEqual({ role: 'user', content: 'm4' });
    expect(history[9]).toEqual({ role: 'assistant', content: 'm13' });
  });

  it('leaves out failed turns and empty messages', () => {
    const messages: ChatMessage[] = [
      { role: 'user', text: 'Hi' },
      { role: 'assistant', text: 'Hello!', index: 1 },
      { role: 'user', text: 'x'.repeat(10), failed: true },
      { role: 'assistant', text: TEXTS.en.failure, failed: true },
      { role: 'assistant', text: '  ' },
    ];
    expect(historyFor(messages)).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
    ]);
  });

  it('is empty for a new conversation (the greeting is never sent)', () => {
    expect(historyFor([])).toEqual([]);
  });
});

describe('loadChat and saveChat', () => {
  it('round-trips the conversation under lantern:chat:{session}', () => {
    const storage = memoryStorage();
    const chat: SavedChat = {
      messages: [
        { role: 'user', text: 'Tuition?' },
        { role: 'assistant', text: '**$12,000**', index: 1, rating: 1 },
      ],
      engaged: true,
      card: 'done',
      cardAt: 2,
      name: 'Jordan',
      fullName: 'Jordan Lee',
      email: 'jordan@example.com',
      phone: '+1 555 0100',
    };
    saveChat(storage, 'abc-123', chat, 1_000);
    expect([...storage.data.keys()]).toEqual([storageKey('abc-123')]);
    expect(storageKey('abc-123')).toBe('lantern:chat:abc-123');
    // What the card was given comes back, so the handoff form never asks again after a reload.
    expect(loadChat(storage, 'abc-123')).toEqual({ ...chat, at: 1_000 });
    expect(loadChat(storage, 'other')).toEqual({ messages: [], engaged: false });
  });

  it('starts fresh from missing, broken or foreign data, and drops malformed messages', () => {
    const storage = memoryStorage();
    expect(loadChat(null, 's')).toEqual({ messages: [], engaged: false });
    storage.setItem(storageKey('s'), '{not json');
    expect(loadChat(storage, 's')).toEqual({ messages: [], engaged: false });
    storage.setItem(storageKey('s'), JSON.stringify({ messages: [{ role: 'system', text: 'x' }, { role: 'user', text: 5 }, { role: 'user', text: 'ok', rating: 7 }], engaged: 'yes', card: 'weird' }));
    expect(loadChat(storage, 's')).toEqual({ messages: [{ role: 'user', text: 'ok' }], engaged: false });
  });

  it('survives a storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveChat(throwing, 's', { messages: [], engaged: false })).not.toThrow();
    expect(loadChat(throwing, 's')).toEqual({ messages: [], engaged: false });
  });
});

describe('server refusals', () => {
  it('reads a string detail or the messages of a validation list', () => {
    expect(errorDetail({ detail: 'Too many messages. Please wait a minute.' })).toBe('Too many messages. Please wait a minute.');
    expect(errorDetail({ detail: [{ loc: ['body', 'email'], msg: 'Please enter a valid email address', type: 'custom' }] })).toBe('Please enter a valid email address');
    expect(errorDetail({ detail: [] })).toBeNull();
    expect(errorDetail(null)).toBeNull();
    expect(errorDetail('oops')).toBeNull();
  });

  it("shows the server's words for 422 and 429 and the connection message otherwise", () => {
    expect(refusalText(422, { detail: [{ loc: ['body', 'message'], msg: 'Message must be at most 2000 characters', type: 'too_big' }] }, TEXTS.en.failure)).toBe('Message must be at most 2000 characters');
    expect(refusalText(429, { detail: 'Too many attempts. Please try again later.' }, TEXTS.en.failure)).toBe('Too many attempts. Please try again later.');
    expect(refusalText(429, null, TEXTS.en.failure)).toBe(TEXTS.en.failure);
    expect(refusalText(403, { detail: 'This website is not allowed to use this chat widget' }, TEXTS.en.failure)).toBe(TEXTS.en.failure);
    expect(refusalText(500, { detail: 'boom' }, TEXTS.en.failure)).toBe(TEXTS.en.failure);
  });
});

describe('leadValue', () => {
  it('sends text trimmed and leaves blanks out', () => {
    expect(leadValue('text', '  Jordan ')).toBe('Jordan');
    expect(leadValue('email', 'a@b.edu')).toBe('a@b.edu');
    expect(leadValue('text', '   ')).toBeUndefined();
  });

  it('splits a list at commas', () => {
    expect(leadValue('list', 'Nursing, Biology ,,')).toEqual(['Nursing', 'Biology']);
    expect(leadValue('list', ' , ')).toBeUndefined();
  });

  it('sends numbers as numbers, and unparseable ones as typed for the server to explain', () => {
    expect(leadValue('number', '2027')).toBe(2027);
    expect(leadValue('number', '3.8')).toBe(3.8);
    expect(leadValue('number', 'soon')).toBe('soon');
  });

  it('sends a ticked opt-in as true and leaves an unticked one out', () => {
    expect(leadValue('boolean', 'on', true)).toBe(true);
    expect(leadValue('boolean', 'on', false)).toBeUndefined();
  });
});

describe('cardWanted', () => {
  const lead = { enabled: true, collection_mode: 'smart_card', fields: [{ key: 'email', label: 'Email', type: 'email' as const }], smart_card_instructions: 'Leave your details' };
  const answered = (n: number): SavedChat['messages'] => Array.from({ length: n }, (_, i) => [{ role: 'user' as const, text: `q${i}` }, { role: 'assistant' as const, text: `a${i}` }]).flat();
  const fresh: SavedChat = { messages: answered(2), engaged: true };
  it('offers the card once, in smart-card mode with fields to ask', () => {
    expect(cardWanted(lead, fresh)).toBe(true);
    expect(cardWanted({ ...lead, collection_mode: 'conversational' }, fresh)).toBe(false);
    expect(cardWanted({ ...lead, enabled: false }, fresh)).toBe(false);
    expect(cardWanted({ ...lead, fields: [] }, fresh)).toBe(false);
    for (const card of ['open', 'done', 'dismissed'] as const) expect(cardWanted(lead, { ...fresh, card })).toBe(false);
  });

  it('waits for the second answer: the visitor has read one (and asked again) before the card asks them anything (issue 48 item 10)', () => {
    expect(cardWanted(lead, { ...fresh, messages: [] })).toBe(false);
    expect(cardWanted(lead, { ...fresh, messages: answered(1) })).toBe(false);
    // A failure is no answer, and a person's message is not the assistant's.
    const failed = [...answered(1), { role: 'user' as const, text: 'q', failed: true }, { role: 'assistant' as const, text: 'Sorry', failed: true }];
    expect(cardWanted(lead, { ...fresh, messages: failed })).toBe(false);
    expect(cardWanted(lead, { ...fresh, messages: [...answered(1), { role: 'staff', text: 'Hi', author: 'Maya' }] })).toBe(false);
    expect(cardWanted(lead, { ...fresh, messages: answered(CARD_AFTER_ANSWERS) })).toBe(true);
    expect(cardWanted(lead, { ...fresh, messages: answered(5) })).toBe(true);
  });
});
