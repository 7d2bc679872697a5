import { describe, expect, it } from 'vitest';
import { endsVisitorStream, staffEventOf, visitorEventOf, type LiveEvent } from '@/lib/live/events';
import type { LiveConversationSummary } from '@/lib/live/schema';

// One vocabulary for live chat's events: what each stream sends for an event of the bus, under the
// names the widget and the Live view read (docs/live-chat.md).

const about = { school: 1, conversation: 7, session: 'live-events-a1' };
const at = '2026-03-02T10:00:00.000Z';
const summary: LiveConversationSummary = { id: 7, status: 'active', waiting_since: null, held_by: { id: 3, name: 'Maria Lopez' }, visitor: 'Ana', language: 'es', last_message: null };

describe('live chat events', () => {
  it('sends a change of state as changed to staff and status to the visitor', () => {
    const e: LiveEvent = { ...about, kind: 'queue', status: 'active', agent: 'Maria', summary, waiting: 2 };
    expect(staffEventOf(e)).toEqual({ name: 'changed', data: { id: 7, status: 'active', agent: 'Maria', conversation: summary, waiting: 2 } });
    expect(visitorEventOf(e)).toEqual({ name: 'status', data: { status: 'active', agent: 'Maria' } });
    // Without its summary (not read back) staff get the change alone; nobody named holds a missed wait.
    expect(staffEventOf({ ...about, kind: 'queue', status: 'missed' })).toEqual({ name: 'changed', data: { id: 7, status: 'missed', agent: null } });
    expect(['returned', 'missed', 'closed'].every((s) => endsVisitorStream(s as 'closed'))).toBe(true);
    expect(['waiting', 'active', 'dropped'].some((s) => endsVisitorStream(s as 'waiting'))).toBe(false);
  });

  it('gives the visitor a person\'s messages and typing only', () => {
    const staff: LiveEvent = { ...about, kind: 'message', message: { index: 4, role: 'staff', text: 'Hola', author: 'Maria', at } };
    expect(staffEventOf(staff)).toEqual({ name: 'message', data: { id: 7, index: 4, role: 'staff', text: 'Hola', author: 'Maria', at } });
    expect(visitorEventOf(staff)).toEqual({ name: 'message', data: { index: 4, text: 'Hola', author: 'Maria', at } });
    expect(visitorEventOf({ ...about, kind: 'message', message: { index: 5, role: 'user', text: 'Gracias', author: null, at } })).toBeNull();
    expect(visitorEventOf({ ...about, kind: 'typing', from: 'staff', agent: 'Maria' })).toEqual({ name: 'typing', data: { agent: 'Maria' } });
    expect(staffEventOf({ ...about, kind: 'typing', from: 'staff', agent: 'Maria' })).toBeNull();
    expect(staffEventOf({ ...about, kind: 'typing', from: 'visitor' })).toEqual({ name: 'typing', data: { id: 7 } });
    expect(visitorEventOf({ ...about, kind: 'typing', from: 'visitor' })).toBeNull();
  });

  it('keeps the visitor\'s details and pages for staff', () => {
    const page = { url: 'https://college.example.edu/apply', title: 'Apply', at };
    expect(staffEventOf({ ...about, kind: 'details' })).toEqual({ name: 'details', data: { id: 7 } });
    expect(staffEventOf({ ...about, kind: 'page', page })).toEqual({ name: 'page', data: { id: 7, ...page } });
    expect(visitorEventOf({ ...about, kind: 'details' })).toBeNull();
    expect(visitorEventOf({ ...about, kind: 'page', page })).toBeNull();
  });
});
