import { describe, expect, it } from 'vitest';
import { conversationReference } from '@/lib/conversations/reference';
import { shortVisitor, visitorName } from '@/lib/conversations/visitor-name';

describe('visitorName', () => {
  const session = '0b7c1a52-9d4e-4f3a-8c21-5e6f7a8b9c0d';
  const reference = conversationReference(session);
  it('names a visitor by the name they gave, else their e-mail, else their phone', () => {
    expect(visitorName({ first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com' }, reference)).toBe('Ana Lopez');
    expect(visitorName({ preferred_name: 'Annie', email: 'ana@example.com' }, reference)).toBe('Annie');
    expect(visitorName({ email: 'ana@example.com', phone: '+15035550100' }, reference)).toBe('ana@example.com');
    expect(visitorName({ phone: '+15035550100' }, reference)).toBe('+15035550100');
  });
  it("falls back to \"Visitor\" and the end of the conversation's reference, nothing of the session id", () => {
    expect(reference).toMatch(/^c-[0-9a-f]{20}$/);
    expect(visitorName({}, reference)).toBe(`Visitor ${reference.slice(-6)}`);
    expect(visitorName(null, reference)).toBe(`Visitor ${reference.slice(-6)}`);
    expect(visitorName({}, reference)).not.toContain(session.slice(-6));
    expect(visitorName({ first_name: '   ', email: 42 }, 'c-abc')).toBe('Visitor cabc');
    expect(shortVisitor('---')).toBe('Visitor');
  });
});
