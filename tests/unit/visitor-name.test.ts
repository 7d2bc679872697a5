import { describe, expect, it } from 'vitest';
import { shortVisitor, visitorName } from '@/lib/conversations/visitor-name';

describe('visitorName', () => {
  const session = '0b7c1a52-9d4e-4f3a-8c21-5e6f7a8b9c0d';
  it('names a visitor by the name they gave, else their e-mail, else their phone', () => {
    expect(visitorName({ first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com' }, session)).toBe('Ana Lopez');
    expect(visitorName({ preferred_name: 'Annie', email: 'ana@example.com' }, session)).toBe('Annie');
    expect(visitorName({ email: 'ana@example.com', phone: '+15035550100' }, session)).toBe('ana@example.com');
    expect(visitorName({ phone: '+15035550100' }, session)).toBe('+15035550100');
  });
  it('falls back to "Visitor" and the end of the session id, never the whole id', () => {
    expect(visitorName({}, session)).toBe('Visitor 8b9c0d');
    expect(visitorName(null, session)).toBe('Visitor 8b9c0d');
    expect(visitorName({ first_name: '   ', email: 42 }, 'abc')).toBe('Visitor abc');
    expect(shortVisitor('---')).toBe('Visitor');
  });
});
