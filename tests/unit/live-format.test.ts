import { describe, expect, it } from 'vitest';
import { detailRows, languageName, mergeMessages, preview, waitedFor, waitingText, withChange, withLastMessage } from '@/components/live/format';
import { speakerOf as speaker } from '@/lib/conversations/speaker';
import { LIVE_PAGES_KEPT, withPage } from '@/lib/live/schema';
import type { LiveConversationSummary, LiveMessage } from '@/lib/live/schema';

const at = (iso: string) => new Date(iso).getTime();

describe('the Live view texts', () => {
  it('says how long a visitor has waited', () => {
    const since = '2026-03-02T10:00:00Z';
    expect(waitedFor(since, at('2026-03-02T10:00:05Z'))).toBe('just now');
    expect(waitedFor(since, at('2026-03-02T10:00:45Z'))).toBe('45 seconds');
    expect(waitedFor(since, at('2026-03-02T10:01:10Z'))).toBe('1 minute');
    expect(waitedFor(since, at('2026-03-02T10:03:00Z'))).toBe('3 minutes');
    expect(waitedFor(since, at('2026-03-02T11:05:00Z'))).toBe('1 hour 5 minutes');
    expect(waitedFor(since, at('2026-03-02T12:00:00Z'))).toBe('2 hours');
    // A clock behind the server's never shows a negative wait; no clock yet (server render) shows nothing.
    expect(waitedFor(since, at('2026-03-02T09:59:00Z'))).toBe('just now');
    expect(waitedFor(since, 0)).toBe('');
    expect(waitedFor(null, at(since))).toBe('');
    expect(waitingText(since, at('2026-03-02T10:03:00Z'))).toBe('Waiting 3 minutes');
    expect(waitingText(since, at('2026-03-02T10:00:01Z'))).toBe('Started waiting just now');
  });

  it('names languages, speakers and the last message', () => {
    expect(languageName('es')).toBe('Spanish');
    expect(languageName(null)).toBeNull();
    expect(speaker({ role: 'staff', author: 'Dana' })).toBe('Dana (staff)');
    expect(speaker({ role: 'user', author: null })).toBe('Visitor');
    expect(speaker({ role: 'assistant', author: null })).toBe('Assistant');
    expect(speaker({ role: 'system', author: null })).toBe('Live chat');
    expect(preview(null)).toBe('No messages yet');
    expect(preview({ role: 'user', text: 'When is\n the deadline?' })).toBe('Visitor: When is the deadline?');
    expect(preview({ role: 'assistant', text: 'x'.repeat(200) }, 10)).toBe(`Assistant: ${'x'.repeat(9)}…`);
  });

  it('lists the visitor details by label, lead fields first, empty ones left out', () => {
    expect(detailRows({ favourite_color: 'blue', email: 'ana@example.com', first_name: 'Ana', phone: '', opt_in_email: true, intended_major: ['Biology', 'Art'], nested: { a: 1 } })).toEqual([
      { key: 'first_name', label: 'First Name', value: 'Ana' },
      { key: 'email', label: 'Email', value: 'ana@example.com' },
      { key: 'intended_major', label: 'Intended Major', value: 'Biology, Art' },
      { key: 'opt_in_email', label: 'Email Opt-in', value: 'Yes' },
      { key: 'favourite_color', label: 'Favourite color', value: 'blue' },
    ]);
  });

  it('keeps a message that arrives twice (the answer to Send and the stream) once, in order', () => {
    const m = (index: number, text: string): LiveMessage => ({ index, role: 'staff', text, at: '2026-03-02T10:00:00Z', author: 'Dana' });
    expect(mergeMessages([m(0, 'a'), m(2, 'c')], [m(1, 'b'), m(2, 'c')]).map((x) => x.text)).toEqual(['a', 'b', 'c']);
  });
});

describe('withPage', () => {
  it('adds the newest page last, a reload of the same page once, and keeps the last 20', () => {
    const p = (url: string, at = '1') => ({ url, title: '', at });
    expect(withPage([p('a'), p('b')], p('c'))).toEqual([p('a'), p('b'), p('c')]);
    expect(withPage([p('a'), p('b')], p('b', '2'))).toEqual([p('a'), p('b', '2')]);
    expect(withPage([p('b'), p('a')], p('b'))).toEqual([p('b'), p('a'), p('b')]);
    const many = Array.from({ length: LIVE_PAGES_KEPT }, (_, i) => p(`u${i}`));
    const next = withPage(many, p('new'));
    expect(next).toHaveLength(LIVE_PAGES_KEPT);
    expect([next[0]!.url, next.at(-1)!.url]).toEqual(['u1', 'new']);
  });
});

describe('the Live view applying an event', () => {
  const item = (id: number, status: LiveConversationSummary['status'], waiting_since: string | null = null): LiveConversationSummary => ({ id, status, waiting_since, held_by: null, visitor: `Visitor ${id}`, language: null, last_message: null });

  it('places a changed conversation where the list would, and drops it once closed', () => {
    const list = [item(1, 'waiting', '2026-03-02T10:00:00Z'), item(4, 'active'), item(2, 'active')];
    expect(withChange(list, item(5, 'waiting', '2026-03-02T09:00:00Z')).map((c) => c.id)).toEqual([5, 1, 4, 2]);
    expect(withChange(list, item(3, 'active')).map((c) => c.id)).toEqual([1, 4, 3, 2]);
    expect(withChange(list, item(1, 'active')).map((c) => [c.id, c.status])).toEqual([[4, 'active'], [2, 'active'], [1, 'active']]);
    expect(withChange(list, item(4, 'closed')).map((c) => c.id)).toEqual([1, 2]);
  });

  it('shows a new message as the last of its conversation, kept as short as the list keeps it', () => {
    const list = [item(1, 'active'), item(2, 'active')];
    const next = withLastMessage(list, 2, { role: 'user', text: 'x'.repeat(400), at: '2026-03-02T10:00:00Z' });
    expect(next[0]).toBe(list[0]);
    expect(next[1]!.last_message).toEqual({ role: 'user', text: 'x'.repeat(300), at: '2026-03-02T10:00:00Z' });
  });
});
