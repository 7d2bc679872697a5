// How staff screens name a visitor: by what they gave (name, else e-mail, else phone), else
// "Visitor" and the last characters of their session (the random end of a UUID), never the whole id. Pure: used by
// the server's lists and by the screens.

export type VisitorDetails = { first_name?: unknown; last_name?: unknown; preferred_name?: unknown; email?: unknown; phone?: unknown };

const text = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '');

/** "Visitor 3f9a2c" for a session id (its last six letters and digits). */
export function shortVisitor(sessionId: string): string {
  const id = sessionId.replace(/[^A-Za-z0-9]/g, '').slice(-6);
  return id ? `Visitor ${id}` : 'Visitor';
}

/** What the visitor gave to be known by: their name, else their e-mail, else their phone; null when nothing. */
export function givenName(details: VisitorDetails | null | undefined): string | null {
  const d = details ?? {};
  const name = [text(d.first_name) || text(d.preferred_name), text(d.last_name)].filter(Boolean).join(' ');
  return (name || text(d.email) || text(d.phone)).slice(0, 120) || null;
}

export function visitorName(details: VisitorDetails | null | undefined, sessionId: string): string {
  return givenName(details) ?? shortVisitor(sessionId);
}
